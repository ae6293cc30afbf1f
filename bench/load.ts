/**
 * HTTP load with autocannon, run in a worker thread of this process: the main thread stays the
 * server's alone (as in `npm run serve`), the load generator works on another core, and both talk
 * over loopback. Every response's latency comes back, so any percentile can be read (autocannon's
 * own summary has p97.5 but no p95).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
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

const WORKER_KIND = 'bench-load'

/** The value at quantile `q` (0..1) of ascending `sorted` values (nearest rank); NaN when empty. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)))
  return sorted[rank - 1]!
}

/** Runs autocannon for `durationS` seconds in a worker thread and collects its results. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  // The worker boots through tsx's API so that it can load this TypeScript file too.
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}
register()
await import(${JSON.stringify(import.meta.url)})`
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: { kind: WORKER_KIND, options } })
    let result: LoadResult | undefined
    worker.once('message', (message: LoadResult) => (result = message))
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (result) resolvePromise(result)
      else reject(new Error(`The load worker stopped (exit code ${code}) without a result`))
    })
  })
}

/** The worker's side: one autocannon run, every latency recorded. */
async function work(options: LoadOptions): Promise<LoadResult> {
  const samples: number[] = []
  const result = await new Promise<autocannon.Result>((resolvePromise, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationS,
        headers: options.headers,
        timeout: 30,
      },
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

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === WORKER_KIND) {
  const result = await work((workerData as { options: LoadOptions }).options)
  // Handed over rather than copied: a run can have tens of thousands of samples.
  parentPort!.postMessage(result, [result.latencies.buffer as ArrayBuffer])
}
