import { HttpResponse, type HttpHandler } from 'msw'
import { LIVE_EVENT, type LiveChange } from '@contract/live-events'
import { route } from '../db'

/**
 * GET /admin/events as the server answers it: `ready` with the retry hint, then whatever a test
 * sends through `liveStreams` (an event, or the end of every open stream, as a server stopping).
 */
const encoder = new TextEncoder()
const open = new Set<ReadableStreamDefaultController<Uint8Array>>()

const block = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)

export const liveStreams = {
  /** How many streams are open now. */
  get count() {
    return open.size
  },
  change(tables: LiveChange['tables']) {
    open.forEach((stream) => stream.enqueue(block(LIVE_EVENT.change, { tables })))
  },
  /** Ends every open stream (the server stopped, the network dropped). */
  drop() {
    open.forEach((stream) => stream.close())
    open.clear()
  },
}

export const eventsHandlers: HttpHandler[] = [
  route('get', '/admin/events', { permission: 'read' }, ({ request }) => {
    let controller: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c
        // Answered after the client gave up (a replaced attempt): nobody will read or cancel it.
        if (request.signal.aborted) return c.close()
        open.add(c)
        c.enqueue(encoder.encode(`event: ${LIVE_EVENT.ready}\ndata: {"heartbeatMs":20000}\nretry: 1000\n\n`))
      },
      cancel() {
        open.delete(controller)
      },
    })
    // The client went away (a closed tab, a stream let go): as the server's closed connection.
    request.signal.addEventListener('abort', () => open.delete(controller))
    return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } })
  }),
]
