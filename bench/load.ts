/**
 * The load generator, in a process of its own (so that its CPU time is not the server's and
 * does not stall the server's event loop): autocannon keeps N requests in flight for a fixed
 * time, or one download streams a file to the end. Every response's latency comes back, so any
 * percentile can be read (autocannon's own summary has p97.5 but no p95).
 */
import { fork } from 'node:child_process'
import autocannon from 'autocannon'

export interface LoadOptions {
  url: string
  connections: number
  durationS: number
  headers?: Record<string, string>
}

export interface LoadResult {
  /** Responses received in the measured time. */
  requests: number
  /** Responses per second over the run. */
  reqPerSec: number
  /** Every response's latency, ms, sorted ascending. */
  latencies: Float64Array
  non2xx: number
  /** Connection errors and timeouts. */
  errors: number
  timeouts: number
}

export interface DownloadResult {
  status: number
  bytes: number
  /** Lines of the body (a CSV's rows, its header included). */
  lines: number
  ms: number
}

type Job = { kind: 'load'; options: LoadOptions } | { kind: 'download'; url: string; headers: Record<string, string> }

/** The value at quantile `q` (0..1) of ascending `sorted` values (nearest rank); NaN when empty. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)))
  return sorted[rank - 1]!
}

/** Runs `job` in a child process (this file, through tsx) and returns what it reports. */
function inChild<T>(job: Job): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(new URL(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      // Typed arrays travel as they are: a run can have tens of thousands of samples.
      serialization: 'advanced',
      env: { ...process.env, BENCH_LOAD_CHILD: '1' },
    })
    let result: T | undefined
    child.once('message', (message) => (result = message as T))
    child.once('error', reject)
    child.once('exit', (code) => {
      if (result !== undefined) resolvePromise(result)
      else reject(new Error(`The load process stopped (exit code ${code}) without a result`))
    })
    child.send(job)
  })
}

/** Runs autocannon for `durationS` seconds in a child process and collects its results. */
export const runLoad = (options: LoadOptions) => inChild<LoadResult>({ kind: 'load', options })

/** Downloads `url` to the end in a child process, counting its bytes and lines. */
export const download = (url: string, headers: Record<string, string>) => inChild<DownloadResult>({ kind: 'download', url, headers })

async function load(options: LoadOptions): Promise<LoadResult> {
  const samples: number[] = []
  const result = await new Promise<autocannon.Result>((resolvePromise, reject) => {
    const instance = autocannon(
      { url: options.url, connections: options.connections, duration: options.durationS, headers: options.headers, timeout: 30 },
      (err, res) => (err ? reject(err as Error) : resolvePromise(res)),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => samples.push(responseTime))
  })
  const latencies = Float64Array.from(samples).sort()
  return {
    requests: latencies.length,
    reqPerSec: latencies.length / (result.duration || options.durationS),
    latencies,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }
}

async function downloadAll(url: string, headers: Record<string, string>): Promise<DownloadResult> {
  const started = performance.now()
  const res = await fetch(url, { headers })
  let bytes = 0
  let lines = 0
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length
    for (const byte of chunk) if (byte === 10) lines++
  }
  return { status: res.status, bytes, lines, ms: performance.now() - started }
}

if (process.env.BENCH_LOAD_CHILD === '1' && process.send) {
  process.once('message', async (job: Job) => {
    const result = job.kind === 'load' ? await load(job.options) : await downloadAll(job.url, job.headers)
    process.send!(result, () => process.exit(0))
  })
}
