import { Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { apiTokenScopeLabel, apiTokenStatusLabel, INTEGRATION_BASE_PATH, type ApiToken, type ApiTokenStatus } from '@contract'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { PermittedSection } from '@/components/layout/PermittedSection'
import { PlusIcon } from '@/components/layout/shell-icons'
import { Badge, type BadgeTone } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { PageLoader } from '@/components/ui/Spinner'
import { formatDate, formatDateTime } from '@/lib/format'
import { lazyChunk, useLazyDialog } from '@/lib/lazy-component'
import { apiTokensQuery, useRevokeApiToken } from './api'

// The Create dialog (its form, Headless UI's Dialog) loads as the button is neared, or on the press.
const importCreateToken = () => import('./CreateApiTokenDialog')
const CreateApiTokenDialog = lazyChunk(importCreateToken, ChunkLoadFailed)

/** What a sub admin sees instead of the list (the server answers them 403). */
export const API_TOKENS_ADMIN_ONLY = 'Only admins can manage API tokens.'
export const API_TOKENS_EMPTY = 'No API tokens yet. Create one for each system that calls the integration API.'

const STATUS_TONE: Record<ApiTokenStatus, BadgeTone> = { active: 'success', expired: 'warning', revoked: 'danger' }

function RevokeButton({ token }: { token: ApiToken }) {
  const [confirming, setConfirming] = useState(false)
  const revoke = useRevokeApiToken()
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`} className="min-h-8 px-3 py-1 text-xs">
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Revoke ${token.name}?`}
        confirmLabel="Revoke"
        tone="danger"
        busy={revoke.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => revoke.mutate(token._id, { onSettled: () => setConfirming(false) })}
      >
        Every call made with this token is refused from now on, by every server. This cannot be undone.
      </ConfirmDialog>
    </>
  )
}

/** One token: a card that reads as a row from a tablet up, and stacks on a phone. */
function TokenRow({ token }: { token: ApiToken }) {
  const facts: [string, string][] = [
    ['Created', formatDateTime(token.createdAt)],
    ['Expires', token.expiresAt ? formatDate(token.expiresAt) : 'Never'],
    ['Last used', token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'],
  ]
  return (
    <li aria-label={token.name} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="font-semibold break-words text-slate-900">{token.name}</h3>
          <code className="font-mono text-xs text-slate-500">{token.hint}</code>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={STATUS_TONE[token.status]}>{apiTokenStatusLabel[token.status]}</Badge>
          {token.status === 'active' && <RevokeButton token={token} />}
        </div>
      </div>
      <ul aria-label="Scopes" className="flex flex-wrap gap-1">
        {token.scopes.map((scope) => (
          <li key={scope} title={apiTokenScopeLabel[scope]} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">
            {scope}
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="flex gap-2 sm:flex-col sm:gap-0">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      {token.createdBy && <p className="text-xs text-slate-500">Created by {token.createdBy.email}</p>}
    </li>
  )
}

function TokensList() {
  const tokens = useQuery(apiTokensQuery())
  const creating = useLazyDialog(importCreateToken)
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Machines (the app&rsquo;s backend) call the integration API under <code className="font-mono">{INTEGRATION_BASE_PATH}</code> with
          one of these as <code className="font-mono">Authorization: Bearer</code>, within its scopes. They never open the admin screens&rsquo; calls.
        </p>
        <Button onClick={creating.show} {...creating.trigger}>
          <PlusIcon className="h-5 w-5" />
          Create Token
        </Button>
      </div>
      {tokens.isPending ? (
        <PageLoader label="Loading API tokens" />
      ) : tokens.isError ? (
        <p role="alert" className="text-sm text-rose-700">
          The API tokens could not be loaded.
        </p>
      ) : tokens.data.length === 0 ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">{API_TOKENS_EMPTY}</p>
      ) : (
        <ul aria-label="API tokens" className="flex flex-col gap-3">
          {tokens.data.map((token) => (
            <TokenRow key={token._id} token={token} />
          ))}
        </ul>
      )}
      <Suspense fallback={null}>{creating.opened && <CreateApiTokenDialog open={creating.open} onClose={creating.close} />}</Suspense>
    </>
  )
}

/**
 * Settings > API tokens: every token with its scopes, creation, expiry, last use and status; an
 * admin creates one (its secret shown once) and revokes one after a confirmation. A sub admin
 * (no 'apiToken.manage'; the menu hides the entry, a link still leads here) is told it is for
 * admins, and nothing is asked of the server.
 */
export function ApiTokensPage() {
  return (
    <PermittedSection title="API Tokens" permission="apiToken.manage" denied={API_TOKENS_ADMIN_ONLY}>
      <TokensList />
    </PermittedSection>
  )
}
