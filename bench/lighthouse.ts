/**
 * Lighthouse (mobile, performance only) on the built public pet page: dist/ is served by a tiny
 * static server on loopback that gzips text files (as a production proxy or CDN would; the app's
 * own server does not compress), writes the pet's link-preview tags into the page as server/spa.ts
 * does, and answers GET /api/v1/pet/petbyid with a fixed pet whose photos are an 800 x 600 PNG of about 100 kB (a phone photo's weight).
 * Chromium is started here, headless, and stopped afterwards; Lighthouse's default mobile config
 * (simulated slow 4G, 4x CPU slowdown) gives the score. Skipped, with the reason, when Chromium or
 * the `lighthouse` package is missing. BENCH_LIGHTHOUSE_JSON=<file> saves the median run's report.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve, sep } from 'node:path'
import { deflateSync, gzipSync } from 'node:zlib'
import type LighthouseRun from 'lighthouse'
import { petPreviewTags, withHeadTags } from '../server/pet-preview'
import { completePet } from '../test/web/mocks/complete-pet'

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
export const LIGHTHOUSE_GOAL = 98
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']

const PET_ID = '0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90'
const PHOTO = '/bench/photo.png'

export type LighthouseResult =
  | { skipped: string }
  | { score: number; scores: number[]; metrics: Record<'FCP' | 'LCP' | 'TBT' | 'CLS' | 'SI', string> }

/** The answer GET /pet/petbyid gives for the bench's pet: a complete one, three photos. */
const pet = completePet({
  _id: PET_ID,
  profilePhotos: [{ url: `${PHOTO}?1` }, { url: `${PHOTO}?2` }, { url: `${PHOTO}?3` }],
  owner: { name: 'Aarav Sharma', mobileNo: '+91 9876543210', email: 'aarav.sharma@example.com', days: 412 },
})
const petAnswer = JSON.stringify({ isSuccess: true, message: 'Pet fetched successfully', data: pet })

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** A photo-sized PNG (a gradient with some grain), so that the page's LCP includes a real download. */
export function benchPhoto(width = 800, height = 600): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  let seed = 42
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 7) - 3
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3
      const g = x % 32 === 0 && y % 4 === 0 ? grain() : 0
      raw[i] = 200 - (y >> 3) + g
      raw[i + 1] = 140 + (x >> 4) + g
      raw[i + 2] = 60 + ((x + y) >> 4) + g
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json'])

/** dist/ on 127.0.0.1 (a free port), with the mocked pet call and photo. */
export function serveDist(dist: string): Promise<Server> {
  const root = resolve(dist)
  const photo = benchPhoto()
  const preview = { name: pet.name, speciesName: pet.species.name, breedName: pet.breed.breedName, age: pet.age, photoUrl: pet.profilePhotos[0]!.url }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    const send = (status: number, type: string, body: Buffer, cache: string, compress: boolean) => {
      const zipped = compress && gzip
      res.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': cache,
        ...(zipped ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      })
      res.end(zipped ? gzipSync(body) : body)
    }
    if (url.pathname === '/api/v1/pet/petbyid') {
      return url.searchParams.get('petId') === PET_ID
        ? send(200, TYPES['.json']!, Buffer.from(petAnswer), 'no-store', true)
        : send(404, TYPES['.json']!, Buffer.from('{"isSuccess":false,"message":"Pet not found"}'), 'no-store', true)
    }
    if (url.pathname === PHOTO) return send(200, TYPES['.png']!, photo, 'no-cache', false)
    if (url.pathname === `/pet-details/${PET_ID}`) {
      const baseUrl = `http://${req.headers.host}`
      const tags = petPreviewTags(preview, { pageUrl: `${baseUrl}${url.pathname}`, baseUrl })
      const html = withHeadTags(readFileSync(join(root, 'pet-details.html'), 'utf8'), tags)
      return send(200, TYPES['.html']!, Buffer.from(html), 'no-cache', true)
    }
    const page = url.pathname.startsWith('/pet-details/') ? 'pet-details.html' : url.pathname.slice(1)
    const file = resolve(root, page)
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      return send(404, 'text/plain', Buffer.from('Not found'), 'no-store', false)
    }
    const ext = extname(file)
    const cache = url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
    send(200, TYPES[ext] ?? 'application/octet-stream', readFileSync(file), cache, COMPRESSIBLE.has(ext))
  })
  return new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => done(server))
  })
}

/** Starts Chromium with a DevTools port; resolves with the port once it listens. */
function startChromium(profileDir: string): Promise<{ chromium: ChildProcess; port: number }> {
  const chromium = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, '--no-first-run', '--no-default-browser-check', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  return new Promise((done, fail) => {
    let output = ''
    const timer = setTimeout(() => fail(new Error(`Chromium did not start in 20 s: ${output.slice(-500)}`)), 20_000)
    chromium.once('error', (err) => {
      clearTimeout(timer)
      fail(err)
    })
    chromium.stderr!.on('data', (data: Buffer) => {
      output += data.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
      if (match) {
        clearTimeout(timer)
        done({ chromium, port: Number(match[1]) })
      }
    })
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Lighthouse mobile performance of the built pet page (dist/pet-details.html), the median of `runs`. */
export async function petPageLighthouse(dist: string, runs = 5): Promise<LighthouseResult> {
  if (!existsSync(CHROMIUM_PATH)) return { skipped: `no Chromium at ${CHROMIUM_PATH} (set CHROME_PATH)` }
  if (!existsSync(join(dist, 'pet-details.html'))) return { skipped: `${dist}/pet-details.html is not built` }
  let lighthouse: typeof LighthouseRun
  try {
    lighthouse = (await import('lighthouse')).default
  } catch (err) {
    return { skipped: `the lighthouse package cannot be loaded (${(err as Error).message.split('\n')[0]})` }
  }

  const server = await serveDist(dist)
  const profileDir = mkdtempSync(join(tmpdir(), 'petcare-lighthouse-'))
  let chromium: ChildProcess | undefined
  try {
    const started = await startChromium(profileDir)
    chromium = started.chromium
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pet-details/${PET_ID}`
    const reports = []
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, { port: started.port, logLevel: 'error', onlyCategories: ['performance'] })
      const lhr = result?.lhr
      if (!lhr || lhr.runtimeError) return { skipped: `Lighthouse failed: ${lhr?.runtimeError?.message ?? 'no result'}` }
      reports.push(lhr)
    }
    const scores = reports.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100))
    const mid = reports[scores.indexOf(median(scores))]!
    // BENCH_LIGHTHOUSE_JSON=<file> keeps the median run's full report (open it in the Lighthouse viewer).
    if (process.env.BENCH_LIGHTHOUSE_JSON) writeFileSync(process.env.BENCH_LIGHTHOUSE_JSON, JSON.stringify(mid))
    const shown = (id: string) => mid.audits[id]?.displayValue ?? '?'
    return {
      score: median(scores),
      scores,
      metrics: {
        FCP: shown('first-contentful-paint'),
        LCP: shown('largest-contentful-paint'),
        TBT: shown('total-blocking-time'),
        CLS: shown('cumulative-layout-shift'),
        SI: shown('speed-index'),
      },
    }
  } catch (err) {
    return { skipped: `Lighthouse could not run: ${(err as Error).message.split('\n')[0]}` }
  } finally {
    if (chromium && chromium.exitCode === null) {
      const exited = new Promise((done) => chromium!.once('exit', done))
      chromium.kill('SIGTERM')
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))])
    }
    await new Promise((done) => server.close(done))
    rmSync(profileDir, { recursive: true, force: true })
  }
}
