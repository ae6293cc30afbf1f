import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useId, useMemo, useState } from 'react'
import { API_TOKEN_PREFIX, INTEGRATION_BASE_PATH, INTEGRATION_PREFIX } from '@contract/api-tokens'
import { PageLoader } from '@/components/ui/Spinner'
import { apiDocumentQuery, callsOf, matchesSearch, type ApiCall, type FieldRow } from './api'

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-800',
  POST: 'bg-emerald-100 text-emerald-800',
  PUT: 'bg-amber-100 text-amber-800',
  PATCH: 'bg-violet-100 text-violet-800',
  DELETE: 'bg-rose-100 text-rose-800',
}

function FieldTable({ caption, rows, location = false }: { caption: string; rows: (FieldRow & { location?: string })[]; location?: boolean }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Name</th>
          {location && <th scope="col">In</th>}
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.location ?? ''}${row.name}`} className="border-t border-slate-100 align-top">
            <td className="py-1 pr-3 font-mono break-all text-slate-900">{row.name}</td>
            {location && <td className="py-1 pr-3 text-slate-500">{row.location}</td>}
            <td className="py-1 pr-3 font-mono break-all text-slate-700">{row.type}</td>
            <td className="py-1 pr-3 text-slate-500">{row.required ? 'required' : 'optional'}</td>
            <td className="py-1 [overflow-wrap:anywhere] text-slate-500">{row.notes.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function CallDetails({ call }: { call: ApiCall }) {
  const titleId = useId()
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-3 px-4 py-3">
          <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_COLOURS[call.method] ?? 'bg-slate-100'}`}>{call.method}</span>
          <code id={titleId} className="font-mono text-sm break-all text-slate-900">
            {call.path}
          </code>
          <span className="text-sm text-slate-600">{call.summary}</span>
        </summary>
        <div className="flex flex-col gap-4 border-t border-slate-100 px-4 py-3">
          <p className="text-sm text-slate-600">{call.access}</p>
          {call.parameters.length > 0 && <FieldTable caption="Parameters" rows={call.parameters} location />}
          {call.body.length > 0 && <FieldTable caption="Request body (JSON)" rows={call.body} />}
          <div className="flex flex-col gap-3">
            {call.responses.map((response) => (
              <section key={response.status} aria-label={`Answer ${response.status}`} className="flex flex-col gap-1">
                <h4 className="text-sm font-semibold text-slate-800">
                  {response.status} <span className="font-normal text-slate-500">{response.description}</span>
                </h4>
                {response.fields.length > 0 && <FieldTable caption={response.status.startsWith('2') ? 'Data' : 'Body'} rows={response.fields} />}
              </section>
            ))}
          </div>
        </div>
      </details>
    </article>
  )
}

/** How a machine calls the integration API: the token, its scopes, and a call to try. */
function CallingWithAToken() {
  const headingId = useId()
  const curl = `curl -H "Authorization: Bearer ${API_TOKEN_PREFIX}…" ${window.location.origin}${INTEGRATION_BASE_PATH}/token`
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-800">
        Calling with an API token
      </h3>
      <p className="text-sm text-slate-600">
        The integration API (paths under <code className="font-mono">{INTEGRATION_PREFIX}</code>) is for machines: it takes an API token, which
        an admin creates in Settings &gt; API Tokens with the scopes its calls need (<code className="font-mono">read</code> for GET calls), and
        refuses sessions. Every other call takes a session and refuses API tokens. Each token is rate-limited (429 with Retry-After).
      </p>
      <pre className="rounded-md bg-slate-900 p-3 text-xs break-all whitespace-pre-wrap text-slate-100">
        <code>{curl}</code>
      </pre>
    </section>
  )
}

/**
 * Settings > API Reference: every call of the API from the server's own OpenAPI document
 * (generated from the contract), grouped, with a search over method, path and summary.
 */
export function ApiReferencePage() {
  const { data: apiDocument, isPending, isError } = useQuery(apiDocumentQuery)
  const [search, setSearch] = useState('')
  const deferredSearch = useDeferredValue(search)
  const searchId = useId()
  const calls = useMemo(() => (apiDocument ? callsOf(apiDocument) : []), [apiDocument])
  const shown = calls.filter((call) => matchesSearch(call, deferredSearch))
  const groups = [...new Set(shown.map((call) => call.tag))]

  return (
    <section aria-labelledby="api-reference-title" className="flex w-full flex-col gap-4">
      <h2 id="api-reference-title" className="text-lg font-semibold text-slate-900">
        API Reference
      </h2>
      {isPending ? (
        <PageLoader label="Loading the API reference" />
      ) : isError ? (
        <p role="alert" className="text-sm text-rose-700">
          The API reference could not be loaded.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {apiDocument.info.title}, version {apiDocument.info.version} (OpenAPI {apiDocument.openapi}). Paths are under{' '}
            <code className="font-mono">{apiDocument.servers?.[0]?.url ?? '/'}</code>; signed-in calls send{' '}
            <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>.
          </p>
          <CallingWithAToken />
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium text-slate-700">
              Search
            </label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Method, path or words, e.g. post city"
              className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <p className="text-sm text-slate-500" aria-live="polite">
            {shown.length} of {calls.length} calls
          </p>
          {groups.map((tag) => (
            <section key={tag} aria-label={tag} className="flex flex-col gap-2">
              <h3 className="text-base font-semibold text-slate-800">{tag}</h3>
              {shown
                .filter((call) => call.tag === tag)
                .map((call) => (
                  <CallDetails key={call.id} call={call} />
                ))}
            </section>
          ))}
        </>
      )}
    </section>
  )
}
