import type { Server, ServerOptions } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { ServerConfig } from '../config'

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
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for expired requests this often (30 s by default, which would let a 30 s limit
    // run to a minute): a tenth of the shorter limit, at least every 100 ms.
    connectionsCheckingInterval: Math.max(100, Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 10),
  }
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
  server.maxRequestsPerSocket = MAX_REQUESTS_PER_SOCKET
  return server
}
