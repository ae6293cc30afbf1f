import { Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, getRouteApi } from '@tanstack/react-router'
import type { WebhookEndpoint } from '@contract/webhooks'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { PermittedSection } from '@/components/layout/PermittedSection'
import { PlusIcon } from '@/components/layout/shell-icons'
import { Button, buttonClass } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { useTestWebhook, webhooksQuery } from './api'
import { EndpointStatus, ResumeButton } from './EndpointParts'
import { lastDeliveryLabel } from './labels'
import { lazyChunk, useLazyDialog } from '@/lib/lazy-component'

// The add dialog (its form, Headless UI's Dialog) loads as its button is neared or pressed; an
// endpoint's details (its log, its edit dialog) when one is chosen.
const importWebhookDialog = () => import('./WebhookDialog')
const WebhookDialog = lazyChunk(importWebhookDialog, ChunkLoadFailed)
const EndpointDetails = lazyChunk(() => import('./EndpointDetails'), ChunkLoadFailed)

const route = getRouteApi('/_signed-in/settings/webhooks')

/** What a sub admin sees instead of the page (the server answers them 403). */
export const WEBHOOKS_ADMIN_ONLY = 'Only admins can manage webhooks.'

/** The server paused these after they failed for over a day: the admins are told here, with Resume. */
function PausedBanner({ paused }: { paused: WebhookEndpoint[] }) {
  if (paused.length === 0) return null
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-error-200 bg-error-50 p-4 text-sm text-error-800">
      <p className="font-semibold">
        {paused.length === 1 ? 'A webhook endpoint is paused' : `${paused.length} webhook endpoints are paused`}: it failed for over a day, and its events wait,
        in order, until it is resumed.
      </p>
      <ul className="flex flex-col gap-2">
        {paused.map((e) => (
          <li key={e._id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-all">{e.url}</span>
            <ResumeButton endpoint={e} />
          </li>
        ))}
      </ul>
    </div>
  )
}

function EndpointCard({ endpoint, selected }: { endpoint: WebhookEndpoint; selected: boolean }) {
  const test = useTestWebhook()
  return (
    <li className={`flex flex-col gap-2 rounded-lg border bg-white p-4 ${selected ? 'border-primary-400' : 'border-slate-200'}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-all font-medium text-slate-900">{endpoint.url}</p>
        <EndpointStatus endpoint={endpoint} />
      </div>
      {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
      <p className="text-sm text-slate-600">
        {endpoint.events.length === 1 ? '1 event' : `${endpoint.events.length} events`} · {lastDeliveryLabel(endpoint)}
        {endpoint.failureStreak > 0 && ` · ${endpoint.failureStreak} failed attempts in a row`}
        {endpoint.pending > 0 && ` · ${endpoint.pending} waiting`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to="/settings/webhooks" search={{ endpoint: endpoint._id }} className={buttonClass('secondary', 'min-h-9 px-3 py-1 text-xs')} aria-label={`Details of ${endpoint.url}`}>
          Details
        </Link>
        <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate(endpoint._id)} aria-label={`Send a test event to ${endpoint.url}`} className="min-h-9 px-3 py-1 text-xs">
          Test
        </Button>
        {endpoint.status === 'paused' && <ResumeButton endpoint={endpoint} />}
      </div>
    </li>
  )
}

function Webhooks() {
  const { endpoint: selectedId } = route.useSearch()
  const list = useQuery(webhooksQuery())
  const adding = useLazyDialog(importWebhookDialog)
  const endpoints = list.data ?? []
  const selected = endpoints.find((e) => e._id === selectedId)
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        Each change you choose is sent to the endpoint as a signed POST (Standard Webhooks), after it is saved, in order, retried for over a day.
      </p>
      <PausedBanner paused={endpoints.filter((e) => e.status === 'paused')} />
      <div>
        <Button {...adding.trigger} onClick={adding.show}>
          <PlusIcon className="h-5 w-5" />
          Add webhook
        </Button>
      </div>
      {list.isPending ? (
        <Spinner className="h-6 w-6" />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-error-700">
          The webhooks could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : endpoints.length === 0 ? (
        <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-600">No webhooks yet.</p>
      ) : (
        <ul aria-label="Webhook endpoints" className="flex flex-col gap-3">
          {endpoints.map((e) => (
            <EndpointCard key={e._id} endpoint={e} selected={e._id === selectedId} />
          ))}
        </ul>
      )}
      <Suspense fallback={<Spinner className="h-6 w-6" />}>{selected && <EndpointDetails key={selected._id} endpoint={selected} />}</Suspense>
      {selectedId && !list.isPending && !selected && <p className="text-sm text-slate-600">This webhook no longer exists.</p>}
      <Suspense fallback={null}>{adding.opened && <WebhookDialog open={adding.open} onClose={adding.close} />}</Suspense>
    </div>
  )
}

/**
 * Settings > Webhooks: the endpoints, the paused banner with Resume, Add (the secret shown once),
 * and an endpoint's details with its delivery log (Redeliver, Test). Admins only: a sub admin (the
 * menu hides the entry) is told so, and nothing is asked of the server.
 */
export function WebhooksPage() {
  return (
    <PermittedSection title="Webhooks" permission="webhook.manage" denied={WEBHOOKS_ADMIN_ONLY}>
      <Webhooks />
    </PermittedSection>
  )
}
