import { CHUNK_LOAD_FAILED, CHUNK_LOAD_TIMEOUT_MS } from '@contract/chunk-loading'

// The import of lazily loaded code, without React: its time limit, why it failed, and the reload
// for a new build. What a screen shows for it (lazy components, Retry) is in lazy-component.tsx.

/**
 * Why a piece of code did not arrive:
 * - `timeout`: nothing within the time limit;
 * - `unreachable`: its file cannot be fetched (no network, or the server fails);
 * - `deployment`: a newer build replaced this one (the file is gone, or the index names another build);
 * - `failed`: the file answers now, yet the import failed (browsers keep a failed module for the
 *   page's life, so only a new page can load it).
 */
export type ChunkFailureReason = 'timeout' | 'unreachable' | 'deployment' | 'failed'

/** A screen's or a feature's code that could not be loaded; `retry()` runs the same import again. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError'
  constructor(
    readonly reason: ChunkFailureReason,
    readonly retry: () => Promise<unknown>,
    options?: ErrorOptions,
  ) {
    super(CHUNK_LOAD_FAILED, options)
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError

/** How long the checks after a failure may take: they only decide what to say. */
const CHECK_TIMEOUT_MS = 10_000

/**
 * Every lazily loaded piece of code goes through here (the build wraps the router's split route
 * imports in it; lazy features call it): an import that fails, or brings nothing within the
 * limit, rejects with a ChunkLoadError that says why.
 */
export function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  const retry = () => loadChunk(importer)
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout', retry)), CHUNK_LOAD_TIMEOUT_MS)
    importer()
      .then(resolve, async (cause: unknown) => reject(new ChunkLoadError(await reasonFor(cause), retry, { cause })))
      .finally(() => clearTimeout(timer))
  })
}

async function reasonFor(cause: unknown): Promise<ChunkFailureReason> {
  const file = fileNamedIn(cause)
  if (file) {
    const answer = await check(file, 'HEAD')
    if (!answer) return 'unreachable'
    // An old hashed file is gone: a 404, or the server's page for unknown paths.
    if (answer.status === 404 || isHtml(answer)) return 'deployment'
    if (!answer.ok) return 'unreachable'
  }
  const ours = currentBuild()
  const index = ours === undefined ? undefined : await check(import.meta.env.BASE_URL, 'GET')
  if (!index?.ok) return file ? 'failed' : 'unreachable'
  return buildNamedIn(await index.text()) === ours ? 'failed' : 'deployment'
}

/** The file a browser names in its import error ("Failed to fetch dynamically imported module: <url>"). */
function fileNamedIn(cause: unknown): string | undefined {
  const message = cause instanceof Error ? cause.message : ''
  return message.split(/\s+/).find((word) => /^(https?:\/\/|\/)/.test(word))
}

const isHtml = (answer: Response) => (answer.headers.get('Content-Type') ?? '').includes('text/html')

/** An answer, or undefined when there is none (no network, or no answer within the check's limit). */
async function check(path: string, method: 'HEAD' | 'GET'): Promise<Response | undefined> {
  let timer: number | undefined
  const late = new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, CHECK_TIMEOUT_MS)))
  const answer = fetch(new URL(path, document.baseURI), { method, cache: 'no-store' }).catch(() => undefined)
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}

/** The build this page runs: the entry script its index.html names (hashed in a build). */
const currentBuild = () => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? undefined

const buildNamedIn = (html: string) => /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/.exec(html)?.[1]

/** The page itself; tests replace `reload`. */
export const browserPage = { reload: () => window.location.reload() }

const RELOADED_AT_KEY = 'petcare:chunk-reload-at'
/** After a reload for a new build, another one waits this long: a page whose code still fails shows the message instead of reloading forever. */
export const RELOAD_GUARD_MS = 5 * 60_000

/**
 * Reloads the page once for a new build, so that the new index and its files load. Returns false,
 * and leaves the page as it is, when it already did so within RELOAD_GUARD_MS (or when there is
 * no storage to remember it in, since nothing would stop a loop).
 */
export function reloadForNewBuild(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY))
    if (last && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false
    sessionStorage.setItem(RELOADED_AT_KEY, String(now))
  } catch {
    return false
  }
  browserPage.reload()
  return true
}
