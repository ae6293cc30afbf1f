import { API_PREFIX } from '../../../contract'
import { API_OPERATIONS, failureBody, successBody } from '../../../contract/api-responses'
import { NDJSON_MEDIA_TYPE } from '../../../contract/integration'

/** What the check needs of an app: its router (to find the route that answers). */
interface RoutedApp {
  router: { match(method: string, path: string): unknown }
}
type MatchedRoute = { method: string; path: string }

/**
 * The route pattern that answers `method path`, as the app's router picks it: the first route
 * of that method among those matching (a static path is registered before the `:id` one beside
 * it); undefined when only the catch-alls match.
 */
function routeOf(app: RoutedApp, method: string, path: string): string | undefined {
  const [matches] = app.router.match(method, path) as [[[unknown, MatchedRoute], unknown][]]
  return matches.map(([[, route]]) => route).find((route) => route.method === method)?.path
}

/** Dotted paths of object keys in `sent` that `parsed` (the schema's output, unknown keys stripped) lacks. */
function extraKeys(sent: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, i) => extraKeys(item, parsed[i], `${path}[${i}]`))
  if (typeof sent !== 'object' || sent === null || typeof parsed !== 'object' || parsed === null) return []
  return Object.entries(sent).flatMap(([key, value]) =>
    key in parsed ? extraKeys(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}`],
  )
}

/**
 * Throws when an API answer does not match the OpenAPI document: an answer from a call the
 * document lacks, a success status or body other than documented (no field more or less), or a
 * failure that is not the error body. The document is generated from the same schemas
 * (contract/api-responses.ts, server/openapi/document.ts).
 */
export async function checkAnswerAgainstDocument(app: RoutedApp, method: string, url: string, res: Response): Promise<void> {
  const path = new URL(url, 'http://localhost').pathname
  if (!path.startsWith(`${API_PREFIX}/`) || method === 'HEAD' || method === 'OPTIONS') return
  const route = routeOf(app, method, path)
  const key = route ? `${method} ${route.slice(API_PREFIX.length)}` : undefined
  const where = `${method} ${path} (${key ?? 'no route'}) answered ${res.status}`
  const mediaType = res.headers.get('Content-Type') ?? ''

  if (res.status >= 400) {
    const parsed = failureBody.safeParse(await res.clone().json())
    if (!parsed.success) throw new Error(`${where}: not the documented error body: ${parsed.error.message}`)
    return
  }
  const operation = key ? API_OPERATIONS[key] : undefined
  if (!operation) throw new Error(`${where}: this call is not in the OpenAPI document's answers (contract/api-responses.ts)`)
  const { answer } = operation
  const status = answer.kind === 'data' ? answer.status : 200
  if (res.status !== status) throw new Error(`${where}: the document says ${status}`)
  if (answer.kind === 'events') {
    // Not read: the stream stays open.
    if (!mediaType.startsWith('text/event-stream')) throw new Error(`${where}: documented as an event stream, sent as ${mediaType}`)
    return
  }
  if (answer.kind === 'ndjson') {
    if (!mediaType.startsWith(NDJSON_MEDIA_TYPE)) throw new Error(`${where}: documented as NDJSON, sent as ${mediaType}`)
    const lines = (await res.clone().text()).split('\n').filter((line) => line !== '')
    for (const line of lines) {
      const parsed = answer.line.safeParse(JSON.parse(line))
      if (!parsed.success) throw new Error(`${where}: the line ${line.slice(0, 200)} does not match the document: ${parsed.error.message}`)
    }
    return
  }
  if (answer.kind === 'csv') {
    if (!mediaType.startsWith('text/csv')) throw new Error(`${where}: documented as a CSV file, sent as ${mediaType}`)
    return
  }
  if (!mediaType.startsWith('application/json')) throw new Error(`${where}: documented as JSON, sent as ${mediaType}`)
  const body: unknown = await res.clone().json()
  const parsed = successBody(answer)!.safeParse(body)
  if (!parsed.success) throw new Error(`${where}: the body does not match the document: ${parsed.error.message}`)
  const extra = answer.kind === 'raw' ? [] : extraKeys(body, parsed.data)
  if (extra.length > 0) throw new Error(`${where}: fields the document does not list: ${extra.slice(0, 10).join(', ')}`)
}

/** Makes `app.request` check every answer against the OpenAPI document (checkAnswerAgainstDocument). */
export function checkingAnswers<A extends RoutedApp & { request: (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => Response | Promise<Response> }>(app: A): A {
  const request = app.request.bind(app) as (...args: unknown[]) => Response | Promise<Response>
  app.request = (async (input: string | Request | URL, init?: RequestInit, ...rest: unknown[]) => {
    const res = await request(input, init, ...rest)
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    await checkAnswerAgainstDocument(app, method, input instanceof Request ? input.url : String(input), res)
    return res
  }) as A['request']
  return app
}
