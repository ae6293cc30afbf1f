import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { ServerConfig } from '../config'
import { STREAMED_BODIES } from './security'

export type HttpLimits = ServerConfig['http']

/** Requests one keep-alive connection may carry before it is closed (a new one costs little). */
export const MAX_REQUESTS_PER_SOCKET = 1000

/**
 * What a client may hold of the server: a slow or silent client (headers or a body trickled a
 * byte at a time, a connection opened and left) is cut once its headers or its whole request take
 * too long, and never more than `maxConnections` are open at once, so a crowd of them cannot keep
 * the others out for long nor exhaust the process's file descriptors.
 */
function httpServerOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // Node's own request timeout covers every call, a streamed bulk sync too: limitRequestTime does it instead.
    requestTimeout: 0,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for expired headers this often (30 s by default, which would let a 30 s limit
    // run to a minute): a tenth of the limit, at least every 100 ms.
    connectionsCheckingInterval: Math.max(100, limits.headersTimeoutMs / 10),
  }
}

const isStreamed = (req: IncomingMessage) => {
  const path = (req.url ?? '').split('?')[0]!
  return STREAMED_BODIES.some((rule) => rule.method === req.method && rule.path.test(path))
}

/**
 * Cuts a request whose body has not all arrived within `ms` with a 408, as Node's requestTimeout
 * does, except a streamed bulk sync: a first import of a million records takes minutes and is
 * read only as fast as its client takes the answer, so it runs as long as the client keeps going
 * (a token holder's call: the token is checked before its body is read).
 */
function limitRequestTime(req: IncomingMessage, res: ServerResponse, ms: number) {
  if (isStreamed(req)) return
  const timer = setTimeout(() => {
    if (req.complete) return
    const socket = req.socket
    if (res.headersSent) socket.destroy()
    else socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n', () => socket.destroy())
  }, ms)
  timer.unref()
  res.once('close', () => clearTimeout(timer))
}

/**
 * Starts the HTTP server on `host:port` with those limits. Some are options of the server, the
 * rest are set once it exists (a new connection beyond the cap is closed at once).
 */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  where: Pick<ServerConfig, 'port' | 'host' | 'http'>,
  onListening?: (address: AddressInfo) => void,
): Server {
  const server = serve({ fetch, port: where.port, hostname: where.host, serverOptions: httpServerOptions(where.http) }, onListening) as Server
  server.maxConnections = where.http.maxConnections
  server.on('request', (req: IncomingMessage, res: ServerResponse) => limitRequestTime(req, res, where.http.requestTimeoutMs))
  server.maxRequestsPerSocket = MAX_REQUESTS_PER_SOCKET
  return server
}
