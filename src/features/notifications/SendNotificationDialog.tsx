import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { format } from 'date-fns'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { notificationSendBody, NOTIFICATIONS_MSG, SCHEDULE_MAX_AHEAD_MS, sendAtProblem, type NotificationSendBody } from '@contract'
import { Form } from '@/components/form/Form'
import { applyServerErrors } from '@/components/form/Field'
import { fieldDescribedBy, fieldInputClass, FieldFrame } from '@/components/form/Form'
import { Modal, ModalForm, useDialogMutations, useOpenWhenMounted } from '@/components/ui/Modal'
import { CallError } from '@/lib/http'
import { useSendNotification } from './api'
import { audienceLabel } from './audience'
import { NoPushServiceLine } from './NoPushServiceLine'
import { CountedField } from '@/components/form/CountedField'
import { RecipientPicker, type Recipients } from './RecipientPicker'

/** The title form's limits: title at most 50, description at most 100. */
export const TITLE_MAX = 50
export const DESCRIPTION_MAX = 100

/** The contract's send body as the form holds it (before defaults); `userIds` follows the picker's choice. */
type SendForm = z.input<typeof notificationSendBody>
const empty = { title: '', description: '', sendToAllUsers: true, userIds: [] } satisfies SendForm

/**
 * The send dialog: a 900 px Headless UI Dialog (focus moves to Title,
 * stays trapped, and returns to the button that opened it; Escape, the backdrop, Close and Cancel
 * close it, except while sending). Closing discards what was typed and chosen: the form lives only
 * while the dialog is open. Loaded by SendNotificationButton when it is first opened.
 */
export default function SendNotificationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const send = useSendNotification()
  const { busy, close, done } = useDialogMutations(onClose, send)
  const shown = useOpenWhenMounted(open)
  return (
    <Modal open={shown} onClose={close} title="Send Notification" busy={busy}>
      <SendNotificationForm send={send} onSent={done} onCancel={close} />
    </Modal>
  )
}

/** A `datetime-local` value (the browser's time zone) for a time. */
const localInput = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm")

/** Why the chosen local time cannot be the send time now, or undefined (then `sendAt` is its ISO form). */
function checkSendAt(local: string): { error?: string; sendAt?: string } {
  const at = local ? new Date(local) : undefined
  if (!at || Number.isNaN(at.getTime())) return { error: NOTIFICATIONS_MSG.sendAtInvalid }
  const error = sendAtProblem(at, new Date())
  return error ? { error } : { sendAt: at.toISOString() }
}

/**
 * "Send later": a check box, then a labelled date and time (the browser's own picker, in its time
 * zone), at most a year ahead. The error shows once the form was submitted or the server refused it.
 */
function SendLaterField({
  later,
  onLaterChange,
  value,
  onChange,
  error,
}: {
  later: boolean
  onLaterChange: (later: boolean) => void
  value: string
  onChange: (value: string) => void
  error: string | undefined
}) {
  const id = useId()
  const now = new Date()
  const hint = `Your time zone: ${Intl.DateTimeFormat().resolvedOptions().timeZone}`
  return (
    <div className="flex flex-col gap-2">
      <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={later} onChange={(e) => onLaterChange(e.target.checked)} className="h-4 w-4 accent-primary-700" />
        Send later
      </label>
      {later && (
        <FieldFrame id={id} label="Send at" hint={hint} error={error} className="sm:max-w-xs">
          <input
            id={id}
            type="datetime-local"
            value={value}
            min={localInput(now)}
            max={localInput(new Date(now.getTime() + SCHEDULE_MAX_AHEAD_MS))}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescribedBy(id, hint, error)}
            className={`min-h-10 ${fieldInputClass(error)}`}
          />
        </FieldFrame>
      )}
    </div>
  )
}

/** `userIds.3` -> 3. */
function userIndex(key: string) {
  const match = /^userIds\.(\d+)$/.exec(key)
  return match ? Number(match[1]) : undefined
}

function SendNotificationForm({
  send,
  onSent,
  onCancel,
}: {
  send: ReturnType<typeof useSendNotification>
  onSent: () => void
  onCancel: () => void
}) {
  const formId = useId()
  const audienceName = useId()
  const recipientsErrorId = useId()
  const form = useForm<SendForm, unknown, NotificationSendBody>({
    resolver: zodResolver(notificationSendBody),
    mode: 'onTouched',
    defaultValues: empty,
  })
  const toAll = useWatch({ control: form.control, name: 'sendToAllUsers' }) ?? true
  // The choice is kept whichever audience is on, so switching back and forth loses nothing.
  const [recipients, setRecipients] = useState<Recipients>(() => new Map())
  // Chosen users the server turned down, with its message.
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(() => new Map())
  const { errors, isSubmitted } = form.formState
  const recipientsError = errors.userIds?.message
  // The send time is the browser's local time until sent: kept beside the form, checked on submit.
  const [later, setLater] = useState(false)
  const [sendAtLocal, setSendAtLocal] = useState('')
  const [sendAtError, setSendAtError] = useState<string>()

  const choose = (next: Recipients) => {
    setRecipients(next)
    setRefused((prev) => new Map([...prev].filter(([id]) => next.has(id))))
    form.setValue('userIds', [...next.keys()], { shouldValidate: isSubmitted })
  }
  const setAudience = (all: boolean) => form.setValue('sendToAllUsers', all, { shouldValidate: isSubmitted })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const when = later ? checkSendAt(sendAtLocal) : {}
    setSendAtError(when.error)
    return form.handleSubmit((values) => {
      if (when.error) return
      sendNow({ ...values, userIds: values.sendToAllUsers ? [] : values.userIds, ...(when.sendAt ? { sendAt: when.sendAt } : {}) })
    })(event)
  }

  const sendNow = (body: NotificationSendBody) => {
    send.mutate(body, {
      onSuccess: onSent,
      onError: (error) => {
        if (!(error instanceof CallError) || !error.fields) return
        const { userIds: userIdsMessage, sendAt: sendAtMessage, ...fields } = error.fields
        if (sendAtMessage) setSendAtError(sendAtMessage)
        const formFields: Record<string, string> = {}
        const turnedDown = new Map<string, string>()
        for (const [key, message] of Object.entries(fields)) {
          const index = userIndex(key)
          const id = index === undefined ? undefined : body.userIds[index]
          if (id) turnedDown.set(id, message)
          else if (index === undefined) formFields[key] = message
        }
        applyServerErrors(form, formFields)
        setRefused(turnedDown)
        const message = userIdsMessage ?? (turnedDown.size > 0 ? error.message : undefined)
        if (message) form.setError('userIds', { type: 'server', message })
      },
    })
  }

  // Enter in Title goes to Description (as Enter moves on in every form), whether or not the form kit counts text areas as fields.
  const titleEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    event.preventDefault()
    form.setFocus('description')
  }

  return (
    <ModalForm formId={formId} submitLabel={later ? 'Schedule' : 'Send'} busy={send.isPending} onCancel={onCancel} className="flex flex-col gap-5">
      <NoPushServiceLine />
      <Form id={formId} onSubmit={submit} aria-label="Send Notification" className="flex flex-col gap-4">
        <CountedField form={form} name="title" label="Title" max={TITLE_MAX} initialFocus autoComplete="off" onKeyDown={titleEnter} />
        <CountedField form={form} name="description" label="Description" max={DESCRIPTION_MAX} multiline rows={3} />
        <fieldset aria-describedby={!toAll && recipientsError ? recipientsErrorId : undefined} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Send To</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                ['ALL_USERS', true],
                ['SELECTED_USERS', false],
              ] as const
            ).map(([audience, all]) => (
              <label key={audience} className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={audienceName}
                  value={audience}
                  checked={toAll === all}
                  onChange={() => setAudience(all)}
                  className="h-4 w-4 accent-primary-700"
                />
                {audienceLabel[audience]}
              </label>
            ))}
          </div>
        </fieldset>
        <SendLaterField
          later={later}
          onLaterChange={(next) => {
            setLater(next)
            setSendAtError(undefined)
          }}
          value={sendAtLocal}
          onChange={(value) => {
            setSendAtLocal(value)
            if (sendAtError) setSendAtError(checkSendAt(value).error)
          }}
          error={sendAtError}
        />
      </Form>
      {/* Outside the <form>: the picker's search box is a form of its own. */}
      {!toAll && (
        <section aria-label="Recipients" className="flex flex-col gap-2">
          <RecipientPicker
            value={recipients}
            onChange={choose}
            refused={refused}
            error={recipientsError}
            errorId={recipientsErrorId}
          />
        </section>
      )}
    </ModalForm>
  )
}
