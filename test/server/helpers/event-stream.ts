/** Reading a text/event-stream answer in tests, the way a browser's client would. */

export interface StreamEvent {
  /** The event's name (`message` when it has none), or `comment` for a comment line (a heartbeat). */
  event: string
  data: string
}

export interface EventStreamReader {
  /** The next event or comment, or undefined when the stream has ended; fails after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamEvent | undefined>
  /** The next event named `name`, skipping others (comments included). */
  nextNamed(name: string, timeoutMs?: number): Promise<StreamEvent>
  /** Whether nothing but comments comes within `ms`. */
  quietFor(ms: number): Promise<boolean>
  /** Leaves the stream (as a closed tab does). */
  cancel(): Promise<void>
}

/** A reader over `res`'s body, parsing SSE blocks (fields `event`, `data`; `:` comments). */
export function readEvents(res: Response): EventStreamReader {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  const queue: (StreamEvent | undefined)[] = []
  let buffer = ''
  let reading: Promise<void> | undefined

  const readMore = async () => {
    const { done, value } = await reader.read()
    if (done) return void queue.push(undefined)
    buffer += value
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      let event = 'message'
      const data: string[] = []
      let comment = false
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comment = true
        else if (line.startsWith('event:')) event = line.slice(6).trim()
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
      }
      queue.push(comment && data.length === 0 ? { event: 'comment', data: block } : { event, data: data.join('\n') })
    }
  }

  const next = async (timeoutMs = 5_000): Promise<StreamEvent | undefined> => {
    const deadline = performance.now() + timeoutMs
    while (queue.length === 0) {
      reading ??= readMore().finally(() => (reading = undefined))
      const left = deadline - performance.now()
      const timedOut = await Promise.race([reading.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), Math.max(0, left)))])
      if (timedOut && queue.length === 0) throw new Error(`no event within ${timeoutMs} ms`)
    }
    return queue.shift()
  }

  return {
    next,
    async nextNamed(name, timeoutMs = 5_000) {
      const deadline = performance.now() + timeoutMs
      for (;;) {
        const event = await next(Math.max(1, deadline - performance.now()))
        if (!event) throw new Error(`the stream ended before an event "${name}"`)
        if (event.event === name) return event
      }
    },
    async quietFor(ms) {
      const deadline = performance.now() + ms
      for (;;) {
        const left = deadline - performance.now()
        if (left <= 0) return true
        try {
          const event = await next(left)
          if (event?.event !== 'comment') {
            queue.unshift(event)
            return false
          }
        } catch {
          return true
        }
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  }
}
