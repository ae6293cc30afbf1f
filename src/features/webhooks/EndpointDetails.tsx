import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { webhookDeliveryListQuery } from '@contract/input/webhooks'
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_PAUSED_BACKLOG_MAX, WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookDelivery, type WebhookEndpoint } from '@contract/webhooks'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Modal } from '@/components/ui/Modal'
import { Spinner } from '@/components/ui/Spinner'
import { formatDateTime } from '@/lib/format'
import { deliveriesQuery, useDeleteWebhook, useRedeliver, useRotateSecret, useTestWebhook, useUpdateWebhook } from './api'
import { deliveryStateLabel, lastDeliveryLabel } from './labels'
import { SecretOnce, WebhookDialog } from './WebhookDialog'
import { EndpointStatus, ResumeButton } from './EndpointParts'

const route = getRouteApi('/_signed-in/settings/webhooks')
const LOG_PAGE_SIZE = 20

const eventLabel = new Map<string, string>(WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events.map((e) => [e.type, `${g.label}: ${e.label}`] as const)))

function DeliveryRow({ delivery, endpoint }: { delivery: WebhookDelivery; endpoint: WebhookEndpoint }) {
  const redeliver = useRedeliver()
  return (
    <li className="flex flex-col gap-1 border-b border-slate-100 py-3 text-sm last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{deliveryStateLabel(delivery, endpoint.status)}</span>
        {delivery.status !== 'pending' && (
          <Button
            variant="secondary"
            busy={redeliver.isPending}
            onClick={() => redeliver.mutate({ id: endpoint._id, deliveryId: delivery._id })}
            aria-label={`Redeliver ${delivery.type} of ${formatDateTime(delivery.createdAt)}`}
            className="min-h-8 px-3 py-1 text-xs"
          >
            Redeliver
          </Button>
        )}
      </div>
      <p className="text-slate-700">
        <code className="text-xs">{delivery.type}</code> · {formatDateTime(delivery.createdAt)} ·{' '}
        {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
        {delivery.answerStatus !== null && ` · answer ${delivery.answerStatus}`}
        {delivery.durationMs !== null && ` · ${delivery.durationMs} ms`}
      </p>
      {delivery.error && <p className="text-error-700">{delivery.error}</p>}
      {delivery.answerBody && (
        <details>
          <summary className="cursor-pointer text-slate-600">Answer (first bytes)</summary>
          <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">{delivery.answerBody}</pre>
        </details>
      )}
    </li>
  )
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { page = 1 } = route.useSearch()
  const navigate = useNavigate()
  const q = webhookDeliveryListQuery.parse({ page, limit: LOG_PAGE_SIZE })
  const log = useQuery(deliveriesQuery(endpoint._id, q))
  const headingId = useId()
  const goTo = (p: number) => void navigate({ to: '/settings/webhooks', search: { endpoint: endpoint._id, page: p === 1 ? undefined : p } })
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        Delivery log
      </h4>
      {log.isPending ? (
        <Spinner className="h-6 w-6" />
      ) : log.isError ? (
        <p role="alert" className="text-sm text-error-700">
          The delivery log could not be loaded.
        </p>
      ) : log.data.data.length === 0 ? (
        <p className="text-sm text-slate-600">No deliveries yet.</p>
      ) : (
        <>
          <ul aria-label="Deliveries">
            {log.data.data.map((d) => (
              <DeliveryRow key={d._id} delivery={d} endpoint={endpoint} />
            ))}
          </ul>
          {log.data.totalPages > 1 && (
            <nav aria-label="Delivery log pages" className="flex items-center gap-2 text-sm">
              <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)} className="min-h-9 px-3 py-1 text-xs">
                Previous
              </Button>
              <span>
                Page {page} of {log.data.totalPages}
              </span>
              <Button variant="secondary" disabled={page >= log.data.totalPages} onClick={() => goTo(page + 1)} className="min-h-9 px-3 py-1 text-xs">
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}

/** One endpoint: its events, state and actions (Test, Edit, Disable/Enable or Resume, new secret, Delete), and its delivery log. */
export function EndpointDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  const headingId = useId()
  const navigate = useNavigate()
  const test = useTestWebhook()
  const update = useUpdateWebhook()
  const rotate = useRotateSecret()
  const remove = useDeleteWebhook()
  const [editing, setEditing] = useState(false)
  const [confirm, setConfirm] = useState<'delete' | 'rotate'>()
  const [secret, setSecret] = useState<string>()
  const small = 'min-h-9 px-3 py-1 text-xs'
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-all text-base font-semibold text-slate-900">
          {endpoint.url}
        </h3>
        <EndpointStatus endpoint={endpoint} />
      </div>
      {endpoint.status === 'paused' && (
        <p role="alert" className="text-sm text-error-700">
          Paused {formatDateTime(endpoint.pausedAt)} after {endpoint.failureStreak} failed attempts in a row: its events wait until you resume it
          {endpoint.droppedEvents > 0
            ? `. ${endpoint.droppedEvents.toLocaleString('en')} later events were not kept: at most ${WEBHOOK_PAUSED_BACKLOG_MAX.toLocaleString('en')} wait.`
            : ` (at most ${WEBHOOK_PAUSED_BACKLOG_MAX.toLocaleString('en')}).`}
        </p>
      )}
      <p className="text-sm text-slate-600">{lastDeliveryLabel(endpoint)}</p>
      <ul aria-label="Events" className="flex flex-wrap gap-1">
        {endpoint.events.map((e) => (
          <li key={e} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            {eventLabel.get(e) ?? e}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate(endpoint._id)} className={small}>
          Send test event
        </Button>
        <Button variant="secondary" onClick={() => setEditing(true)} className={small}>
          Edit
        </Button>
        {endpoint.status === 'paused' ? (
          <ResumeButton endpoint={endpoint} />
        ) : (
          <Button
            variant="secondary"
            busy={update.isPending}
            onClick={() => update.mutate({ id: endpoint._id, status: endpoint.status === 'active' ? 'disabled' : 'active' })}
            className={small}
          >
            {endpoint.status === 'active' ? 'Disable' : 'Enable'}
          </Button>
        )}
        <Button variant="secondary" busy={rotate.isPending} onClick={() => setConfirm('rotate')} className={small}>
          New secret
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => setConfirm('delete')} className={small}>
          Delete
        </Button>
      </div>
      <DeliveryLog endpoint={endpoint} />
      <WebhookDialog open={editing} onClose={() => setEditing(false)} endpoint={endpoint} />
      <ConfirmDialog
        open={confirm !== undefined}
        title={confirm === 'delete' ? 'Delete webhook?' : 'Make a new secret?'}
        confirmLabel={confirm === 'delete' ? 'Delete' : 'Make a new secret'}
        tone={confirm === 'delete' ? 'danger' : 'primary'}
        onClose={() => setConfirm(undefined)}
        onConfirm={() => {
          const which = confirm
          setConfirm(undefined)
          if (which === 'delete')
            remove.mutate(endpoint._id, { onSuccess: () => void navigate({ to: '/settings/webhooks', search: {} }) })
          else rotate.mutate(endpoint._id, { onSuccess: ({ data }) => setSecret(data.secret) })
        }}
      >
        {confirm === 'delete'
          ? `${endpoint.url} gets no more events, and its delivery log is deleted.`
          : `Deliveries from now on, retries too, are signed with the new secret, and with the current one too for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours: give your receiver the new secret within that time.`}
      </ConfirmDialog>
      <Modal open={secret !== undefined} onClose={() => setSecret(undefined)} title="Signing secret" width="lg">
        {secret && <SecretOnce secret={secret} onDone={() => setSecret(undefined)} />}
      </Modal>
    </section>
  )
}

export default EndpointDetails
