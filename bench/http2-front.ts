/**
 * An HTTPS front speaking HTTP/2 for a local HTTP server, as a deployment puts one before the app
 * (the proxy that ends TLS: nginx, Caddy, a cloud load balancer): Lighthouse then loads the pages
 * as visitors get them. Served by Node directly, the pages go over HTTP/1.1, where the browser
 * opens at most six connections to the server and asks for one file at a time on each, and
 * Lighthouse's phone network puts 150 ms on every request in line.
 *
 * The certificate is made for the run by openssl, self-signed for 127.0.0.1 (Chromium runs with
 * --ignore-certificate-errors). Requests and answers pass through as they are, streamed (the
 * live updates' event stream included), without the hop-by-hop headers HTTP/2 forbids.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Headers about one connection, which HTTP/2 does not carry (RFC 9113, 8.2.2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'http2-settings', 'host'])

export type Http2Front = {
  origin: string
  /** Where requests go: an http:// origin (set once the server behind is up, which may need to know `origin`). */
  forwardTo: (target: string) => void
  close: () => Promise<void>
}

/** A key and a certificate for 127.0.0.1, valid for a day; throws when openssl is missing. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'petcare-bench-tls-'))
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
        .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert]),
      { stdio: 'ignore' },
    )
    return { key: readFileSync(key), cert: readFileSync(cert) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Starts the front on a free loopback port; it answers 502 until told where to forward. */
export async function http2Front(): Promise<Http2Front> {
  let upstream: URL | undefined
  const agent = new Agent({ keepAlive: true })
  const server = createSecureServer(selfSignedCertificate(), (req: Http2ServerRequest, res: Http2ServerResponse) => {
    if (!upstream) return void res.writeHead(502).end()
    const headers: Record<string, string | string[]> = { host: upstream.host, 'x-forwarded-proto': 'https' }
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value
    }
    const forward = request({ agent, host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      const answerHeaders: Record<string, string | string[]> = {}
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) answerHeaders[name] = value
      }
      res.writeHead(answer.statusCode ?? 502, answerHeaders)
      answer.pipe(res)
    })
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    res.on('close', () => forward.destroy())
    req.pipe(forward)
  })
  // Chromium keeps its session open; closing the front ends them.
  const sessions = new Set<ServerHttp2Session>()
  server.on('session', (session) => {
    sessions.add(session)
    session.once('close', () => sessions.delete(session))
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwardTo: (target) => void (upstream = new URL(target)),
    close: async () => {
      agent.destroy()
      const closed = new Promise((done) => server.close(done))
      for (const session of sessions) session.destroy()
      await closed
    },
  }
}
