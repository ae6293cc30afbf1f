import { useId, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { endOfDay, isValid, lightFormat, parseISO } from 'date-fns'
import { useForm } from 'react-hook-form'
import {
  API_TOKEN_SCOPES,
  apiTokenScopeLabel,
  createApiTokenSchema,
  INTEGRATION_BASE_PATH,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from '@contract'
import { TextField, applyServerErrors, shownError } from '@/components/form/Field'
import { FieldFrame, Form, fieldDescribedBy, fieldInputClass } from '@/components/form/Form'
import { Button } from '@/components/ui/Button'
import { Modal, ModalForm, useDialogMutations, useOpenWhenMounted } from '@/components/ui/Modal'
import { CallError } from '@/lib/http'
import { notify } from '@/lib/toast'
import { useCreateApiToken } from './api'

export const CREATE_TOKEN_TEXT = {
  once: 'Copy this token now. You will not see it again: only its fingerprint is kept.',
  copied: 'Token copied',
  copyFailed: 'The token could not be copied. Select it and copy it by hand.',
} as const

/** The end of the picked day (YYYY-MM-DD) in the admin's time zone, as the ISO instant the server takes. */
export function endOfLocalDay(day: string): string | null {
  // A date-only text is that day in the local zone for parseISO; not a real day, null.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? parseISO(day) : null
  return date && isValid(date) ? endOfDay(date).toISOString() : null
}

const today = () => lightFormat(new Date(), 'yyyy-MM-dd')

/**
 * Create API token: name, scopes and an optional expiry; then, in the same dialog, the secret
 * with a Copy button, shown this once. Closing the dialog forgets it.
 */
export default function CreateApiTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateApiToken()
  const [created, setCreated] = useState<CreatedApiToken>()
  const { busy, close } = useDialogMutations(() => {
    setCreated(undefined)
    onClose()
  }, create)
  const shown = useOpenWhenMounted(open)
  return (
    <Modal open={shown} onClose={close} title={created ? 'Token created' : 'Create API Token'} busy={busy} width="lg">
      {created ? <ShowSecret created={created} onDone={close} /> : <CreateTokenForm busy={busy} onCancel={close} create={create} onCreated={setCreated} />}
    </Modal>
  )
}

function ShowSecret({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const secretId = useId()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret)
      notify.success(CREATE_TOKEN_TEXT.copied)
    } catch {
      notify.error(CREATE_TOKEN_TEXT.copyFailed)
    }
  }
  const curl = `curl -H "Authorization: Bearer ${created.secret}" ${window.location.origin}${INTEGRATION_BASE_PATH}/token`
  return (
    <>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 py-4">
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {CREATE_TOKEN_TEXT.once}
        </p>
        <FieldFrame id={secretId} label={`Token for ${created.token.name}`}>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={secretId}
              readOnly
              value={created.secret}
              onFocus={(event) => event.currentTarget.select()}
              className={`min-h-10 font-mono ${fieldInputClass(undefined)}`}
            />
            <Button variant="secondary" onClick={() => void copy()}>
              Copy
            </Button>
          </div>
        </FieldFrame>
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-slate-700">Try it</p>
          <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
            <code>{curl}</code>
          </pre>
        </div>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  )
}

function CreateTokenForm({
  busy,
  onCancel,
  onCreated,
  create,
}: {
  busy: boolean
  onCancel: () => void
  onCreated: (created: CreatedApiToken) => void
  create: ReturnType<typeof useCreateApiToken>
}) {
  const formId = useId()
  const scopesId = useId()
  const expiryId = useId()
  const form = useForm<CreateApiTokenInput>({
    resolver: zodResolver(createApiTokenSchema),
    mode: 'onTouched',
    defaultValues: { name: '', scopes: [], expiresAt: null },
  })
  const scopesError = shownError(form, 'scopes')
  const expiryError = shownError(form, 'expiresAt')
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ data }) => onCreated(data),
      onError: (error) => {
        if (error instanceof CallError) applyServerErrors(form, error.fields)
      },
    }),
  )
  return (
    <ModalForm formId={formId} submitLabel="Create Token" busy={busy} onCancel={onCancel}>
      <Form id={formId} onSubmit={submit} aria-label="Create API Token" className="flex flex-col gap-4">
        <TextField form={form} name="name" label="Name" autoComplete="off" autoFocus hint="Say which system uses it, e.g. App backend" />
        <fieldset aria-describedby={scopesError ? `${scopesId}-error` : undefined} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Scopes</legend>
          {API_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" value={scope} className="h-4 w-4" {...form.register('scopes')} />
              <span>
                <code className="font-mono">{scope}</code> <span className="text-slate-500">({apiTokenScopeLabel[scope]})</span>
              </span>
            </label>
          ))}
          {scopesError && (
            <p id={`${scopesId}-error`} className="text-xs text-error-600">
              {scopesError}
            </p>
          )}
        </fieldset>
        <FieldFrame id={expiryId} label="Expires on (optional)" hint="Leave empty for a token that does not expire." error={expiryError}>
          <input
            id={expiryId}
            type="date"
            min={today()}
            aria-invalid={expiryError ? true : undefined}
            aria-describedby={fieldDescribedBy(expiryId, 'hint', expiryError)}
            className={`min-h-10 ${fieldInputClass(expiryError)}`}
            {...form.register('expiresAt', { setValueAs: (v: string | null) => (v ? endOfLocalDay(v) ?? v : null) })}
          />
        </FieldFrame>
      </Form>
    </ModalForm>
  )
}
