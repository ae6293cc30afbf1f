import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { API_MSG } from '@contract'
import { authStore } from '@/lib/auth'
import { liveStatus } from '@/lib/live-status'
import { connectLiveEvents, sseParser, type SseEvent } from '@/lib/live-connection'
import { api, db, fail, sessionFor } from './mocks/db'
import { liveStreams } from './mocks/handlers/events'
import { gate, trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** The number shown on the dashboard card titled `title`. */
function total(title: string) {
  const term = within(screen.getByRole('main')).getByRole('link', { name: title }).closest('dt')
  return term?.nextElementSibling?.textContent
}

/** The top bar's live status word, once shown. */
const shown = async (text: 'Live' | 'Offline') => within(await screen.findByRole('banner')).findByText(text, {}, { timeout: 5_000 })

describe('live updates', () => {
  it('shows Live in the top bar once the stream is open, with what it means on hover', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const live = await shown('Live')
    expect(within(screen.getByRole('banner')).getByRole('status')).toBeEmptyDOMElement()
    expect(live.closest('[title]')).toHaveAttribute('title', expect.stringMatching(/^Live: changes made anywhere show here/))
    expect(liveStreams.count).toBe(1)
  })

  it('refetches the dashboard when a change arrives, and shows the new total without a reload', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await shown('Live')
    await waitFor(() => expect(total('Users')).toBe('412'))
    const asked = trackRequests('/admin/dashboard')
    db.totals = { ...db.totals, users: 413 }
    act(() => liveStreams.change(['app_users']))
    await waitFor(() => expect(total('Users')).toBe('413'))
    expect(asked.length).toBeGreaterThan(0)
  })

  it('refetches a list on screen when its table changes, and not for another table', async () => {
    renderRoute('/users', { signedInAs: 'admin' })
    await shown('Live')
    await screen.findByRole('heading', { level: 1, name: 'Users' })
    const asked = trackRequests('/admin/users')
    act(() => liveStreams.change(['feedback']))
    await new Promise((r) => setTimeout(r, 200))
    expect(asked).toHaveLength(0)
    act(() => liveStreams.change(['app_users']))
    await waitFor(() => expect(asked.length).toBeGreaterThan(0))
  })

  it('shows Offline when the stream drops, reconnects by itself, and then refetches what may have been missed', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await shown('Live')
    const asked = trackRequests('/admin/dashboard')
    act(() => liveStreams.drop())
    expect(await shown('Offline')).toBeInTheDocument()
    // Said once to a screen reader, politely; the first connection was not announced.
    expect(within(screen.getByRole('banner')).getByRole('status')).toHaveTextContent('Live updates paused')
    // The first wait is 0.5 to 1 s.
    expect(await shown('Live')).toBeInTheDocument()
    await waitFor(() => expect(asked.length).toBeGreaterThan(0))
    expect(within(screen.getByRole('banner')).getByRole('status')).toHaveTextContent('Live updates resumed')
  })

  it('refetches the dashboard on window focus while offline', async () => {
    server.use(http.get(api('/admin/events'), () => new HttpResponse(null, { status: 503 })))
    renderRoute('/dashboard', { signedInAs: 'admin' })
    expect(await shown('Offline')).toBeInTheDocument()
    const asked = trackRequests('/admin/dashboard')
    act(() => void window.dispatchEvent(new Event('focus')))
    await waitFor(() => expect(asked.length).toBeGreaterThan(0))
  })

  it('signs out when the stream answers 401 (the session has ended)', async () => {
    server.use(http.get(api('/admin/events'), () => fail('UNAUTHORIZED', API_MSG.sessionExpired)))
    const { router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})

describe('a hidden tab', () => {
  it('lets its stream go after a while, and reconnects and refetches what it shows when seen again', async () => {
    authStore.signIn(sessionFor('admin'))
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(false)
    const onResync = vi.fn()
    const opened = trackRequests('/admin/events')
    const stop = connectLiveEvents({ onChange: vi.fn(), onResync }, { hiddenMs: 50 })
    try {
      await waitFor(() => expect(liveStatus.get()).toBe('live'))
      hidden.mockReturnValue(true)
      document.dispatchEvent(new Event('visibilitychange'))
      await waitFor(() => expect(liveStatus.get()).toBe('connecting'))
      await waitFor(() => expect(liveStreams.count).toBe(0))
      expect(onResync).not.toHaveBeenCalled()

      hidden.mockReturnValue(false)
      document.dispatchEvent(new Event('visibilitychange'))
      await waitFor(() => expect(liveStatus.get()).toBe('live'))
      expect(opened).toHaveLength(2)
      expect(onResync).toHaveBeenCalledTimes(1)
    } finally {
      stop()
      hidden.mockRestore()
    }
  })
})

describe('a page left', () => {
  it('lets its stream go at once (a kept page must not hold a connection), and opens it again when shown from the cache', async () => {
    authStore.signIn(sessionFor('admin'))
    const onResync = vi.fn()
    const stop = connectLiveEvents({ onChange: vi.fn(), onResync })
    try {
      await waitFor(() => expect(liveStatus.get()).toBe('live'))
      window.dispatchEvent(new Event('pagehide'))
      await waitFor(() => expect(liveStreams.count).toBe(0))
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }))
      await waitFor(() => expect(liveStatus.get()).toBe('live'))
      expect(liveStreams.count).toBe(1)
      expect(onResync).toHaveBeenCalledTimes(1)
    } finally {
      stop()
    }
  })
})

describe('one stream per tab', () => {
  it('keeps one stream when the browser comes back online while a reconnect is under way', async () => {
    authStore.signIn(sessionFor('admin'))
    const held = gate()
    let answered = 0
    server.use(
      http.get(api('/admin/events'), async () => {
        answered++
        if (answered === 2) await held.wait() // the backoff's retry, still waiting for its answer
        // Nothing returned: the usual stream handler answers.
      }),
    )
    const onChange = vi.fn()
    const stop = connectLiveEvents({ onChange, onResync: vi.fn() }, { minMs: 10, maxMs: 10 })
    try {
      await waitFor(() => expect(liveStatus.get()).toBe('live'))
      act(() => liveStreams.drop())
      await waitFor(() => expect(answered).toBe(2))
      window.dispatchEvent(new Event('online'))
      window.dispatchEvent(new Event('online'))
      held.open()
      await waitFor(() => expect(liveStatus.get()).toBe('live'))
      await new Promise((r) => setTimeout(r, 100))
      // A second stream read by the tab would hear the change twice.
      act(() => liveStreams.change(['app_users']))
      await waitFor(() => expect(onChange).toHaveBeenCalled())
      await new Promise((r) => setTimeout(r, 100))
      expect(onChange).toHaveBeenCalledTimes(1)
    } finally {
      stop()
    }
  })
})

describe('the event stream parser', () => {
  it('reads events split anywhere across chunks, with CRLF, comments and several data lines', () => {
    const events: SseEvent[] = []
    const feed = sseParser((e) => events.push(e))
    const text = ': ping\r\n\r\nevent: change\r\ndata: {"tables":\r\ndata: ["places"]}\r\n\r\nretry: 1000\ndata: plain\n\n'
    for (const ch of text) feed(ch)
    expect(events).toEqual([
      { event: 'change', data: '{"tables":\n["places"]}' },
      { event: 'message', data: 'plain' },
    ])
  })
})
