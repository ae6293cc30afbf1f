import { useId, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { webhookForm, type WebhookFormValues } from '@contract/input/webhooks'
import { WEBHOOK_EVENT_GROUPS, type WebhookEndpoint } from '@contract/webhooks'
import { TextField, applyServerErrors, shownError } from '@/components/form/Field'
import { Form } from '@/components/form/Form'
import { Button } from '@/components/ui/Button'
import { Modal, ModalForm, useDialogMutations, useOpenWhenMounted } from '@/components/ui/Modal'
import { CallError } from '@/lib/http'
import { useCreateWebhook, useUpdateWebhook } from './api'

/**
 * Add or edit an endpoint: its URL, the events it wants (grouped checkboxes) and a description.
 * After adding, the dialog shows the secret, this once, with Copy; editing keeps the secret.
 */
export function WebhookDialog({ open, onClose, endpoint }: { open: boolean; onClose: () => void; endpoint?: WebhookEndpoint }) {
  const create = useCreateWebhook()
  const update = useUpdateWebhook()
  const [secret, setSecret] = useState<string>()
  const { busy, close, done } = useDialogMutations(() => {
    setSecret(undefined)
    onClose()
  }, create, update)
  const shown = useOpenWhenMounted(open)
  const title = secret ? 'Signing secret' : endpoint ? 'Edit webhook' : 'Add webhook'
  return (
    <Modal open={shown} onClose={close} title={title} busy={busy} width="lg">
      {secret ? (
        <SecretOnce secret={secret} onDone={done} />
      ) : (
        <WebhookForm
          endpoint={endpoint}
          busy={busy}
          onCancel={close}
          onSave={(values, form) => {
            const onError = (error: unknown) => {
              if (error instanceof CallError) applyServerErrors(form, error.fields)
            }
            if (endpoint) update.mutate({ id: endpoint._id, ...values }, { onSuccess: done, onError })
            else create.mutate(values, { onSuccess: ({ data }) => setSecret(data.secret), onError })
          }}
        />
      )}
    </Modal>
  )
}

/** The secret shown once, with Copy: the server keeps it only to sign, and never shows it again. */
export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  const id = useId()
  return (
    <>
      <div className="flex flex-col gap-3 px-5 py-4">
        <p className="text-sm text-slate-700">
          Copy this secret now: it is not shown again. Your receiver verifies each delivery’s <code>webhook-signature</code> with it.
        </p>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          Secret
        </label>
        <input id={id} readOnly value={secret} onFocus={(e) => e.currentTarget.select()} className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs" />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }}
          >
            Copy
          </Button>
          <span role="status" className="text-sm text-slate-600">
            {copied ? 'Copied' : ''}
          </span>
        </div>
      </div>
      <div className="flex justify-end border-t border-slate-200 px-5 py-3">
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  )
}

function WebhookForm({
  endpoint,
  busy,
  onCancel,
  onSave,
}: {
  endpoint?: WebhookEndpoint
  busy: boolean
  onCancel: () => void
  onSave: (values: WebhookFormValues, form: ReturnType<typeof useForm<WebhookFormValues>>) => void
}) {
  const formId = useId()
  const form = useForm<WebhookFormValues>({
    resolver: zodResolver(webhookForm),
    mode: 'onTouched',
    defaultValues: { url: endpoint?.url ?? '', events: (endpoint?.events ?? []) as WebhookFormValues['events'], description: endpoint?.description ?? '' },
  })
  const eventsError = shownError(form, 'events') ?? shownError(form, 'events.0' as 'events')
  const submit = form.handleSubmit((values) => onSave(values as WebhookFormValues, form))
  return (
    <ModalForm formId={formId} submitLabel={endpoint ? 'Save' : 'Add webhook'} busy={busy} onCancel={onCancel}>
      <Form id={formId} onSubmit={submit} aria-label={endpoint ? 'Edit webhook' : 'Add webhook'} className="flex flex-col gap-4">
        <TextField form={form} name="url" label="Endpoint URL" type="url" inputMode="url" autoComplete="off" placeholder="https://example.com/webhooks" autoFocus />
        <fieldset aria-describedby={eventsError ? `${formId}-events-error` : undefined} className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-900">Events</legend>
          {WEBHOOK_EVENT_GROUPS.map((group) => (
            <div key={group.label} className="flex flex-col gap-1">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.label}</p>
              {group.events.map((event) => (
                <label key={event.type} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" value={event.type} className="h-4 w-4" {...form.register('events')} />
                  <span>
                    {event.label} <code className="text-xs text-slate-500">{event.type}</code>
                  </span>
                </label>
              ))}
            </div>
          ))}
          {eventsError && (
            <p id={`${formId}-events-error`} className="text-sm text-error-700">
              {eventsError}
            </p>
          )}
        </fieldset>
        <TextField form={form} name="description" label="Description (optional)" autoComplete="off" />
      </Form>
    </ModalForm>
  )
}

export default WebhookDialog
