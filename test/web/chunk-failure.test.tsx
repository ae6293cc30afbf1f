import { Suspense } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazyRouteComponent } from '@tanstack/react-router'
import { http, HttpResponse } from 'msw'
import type { MockInstance } from 'vitest'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { lazyChunk } from '@/lib/lazy-component'
import { browserPage, loadChunk, ChunkLoadError, RELOAD_GUARD_MS, reloadForNewBuild } from '@/lib/chunk-import'
import { createAppRouter, createQueryClient } from '@/router'
import { db } from './mocks/db'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

const MESSAGE = 'Loading chunk failed'
const CHUNK_URL = new URL('/assets/users-B7x2kQ.js', document.baseURI).href
/** What Chromium rejects a dynamic import with when the file does not arrive. */
const importFailure = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK_URL}`)

/** How the server answers a check of the chunk's file. */
const chunkFile = {
  unreachable: () => server.use(http.head(CHUNK_URL, () => HttpResponse.error())),
  gone: () => server.use(http.head(CHUNK_URL, () => new HttpResponse(null, { status: 404 }))),
  present: () => server.use(http.head(CHUNK_URL, () => new HttpResponse(null, { headers: { 'Content-Type': 'text/javascript' } }))),
}

/** An importer that fails `failures` times (as a browser does when the file does not arrive), then brings `module`. */
function flakyImporter<T>(module: T, failures = 1) {
  const importer = vi.fn(async () => {
    if (importer.mock.calls.length <= failures) throw importFailure()
    return module
  })
  return importer
}

type RoutePart = 'component' | 'errorComponent'
const swapped: { route: { options: Record<string, unknown> }; part: RoutePart; original: unknown }[] = []

/**
 * Loads a real route's part the way the production build does (the router's lazy component over
 * loadChunk, which the build plugin puts around each split import), from `importer`.
 */
function splitRoutePart(routeId: string, part: RoutePart, importer: () => Promise<Record<string, unknown>>) {
  const route = routeById(routeId)
  swapped.push({ route, part, original: route.options[part] })
  route.options[part] = lazyRouteComponent(() => loadChunk(importer), part)
}

/** The route tree's route (ids are given when a router is made over the tree). */
const routeById = (routeId: string) =>
  createAppRouter({ queryClient: createQueryClient() }).routesById[routeId as never] as unknown as { options: Record<string, unknown> }

const originalOf = (routeId: string, part: RoutePart) => routeById(routeId).options[part]

let reload: MockInstance<() => void>

beforeEach(() => {
  reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => {})
})

afterEach(() => {
  // The route tree is shared by every test file of the worker: put back what a test replaced.
  for (const { route, part, original } of swapped.splice(0).reverse()) route.options[part] = original
  document.querySelectorAll('script[data-test-build]').forEach((s) => s.remove())
  sessionStorage.clear()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('loadChunk', () => {
  it(`fails with '${MESSAGE}' when nothing arrives within 120 seconds`, async () => {
    vi.useFakeTimers()
    const loading = loadChunk(() => new Promise(() => {}))
    const settled = vi.fn()
    loading.then(settled, settled)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    const error = settled.mock.calls[0]![0]
    expect(error).toBeInstanceOf(ChunkLoadError)
    expect(error).toMatchObject({ message: MESSAGE, reason: 'timeout' })
  })

  it('brings the module when it arrives in time', async () => {
    vi.useFakeTimers()
    const loading = loadChunk(() => new Promise((resolve) => setTimeout(() => resolve({ component: 'page' }), 119_000)))
    await vi.advanceTimersByTimeAsync(119_000)
    await expect(loading).resolves.toEqual({ component: 'page' })
  })

  it(`fails with '${MESSAGE}' on a network error`, async () => {
    chunkFile.unreachable()
    const error = await loadChunk(() => Promise.reject(importFailure())).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: MESSAGE, reason: 'unreachable' })
  })

  it('takes a file that is gone (404) for a new deployment', async () => {
    chunkFile.gone()
    await expect(loadChunk(() => Promise.reject(importFailure()))).rejects.toMatchObject({ message: MESSAGE, reason: 'deployment' })
  })

  it('takes the HTML page in place of the file for a new deployment', async () => {
    server.use(http.head(CHUNK_URL, () => new HttpResponse(null, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })))
    await expect(loadChunk(() => Promise.reject(importFailure()))).rejects.toMatchObject({ reason: 'deployment' })
  })

  it('takes a served index that names another build for a new deployment', async () => {
    const script = Object.assign(document.createElement('script'), { type: 'module', src: '/assets/main-Old1.js' })
    script.dataset.testBuild = ''
    document.head.append(script)
    server.use(http.get(new URL('/', document.baseURI).href, () => HttpResponse.html('<script type="module" crossorigin src="/assets/main-New2.js"></script>')))
    // Safari names no file: only the index tells.
    await expect(loadChunk(() => Promise.reject(new TypeError('Importing a module script failed.')))).rejects.toMatchObject({ reason: 'deployment' })
  })
})

describe('the reload for a new deployment', () => {
  it('happens once; another failure soon after leaves the page as it is, a later one reloads again', () => {
    const now = Date.now()
    expect(reloadForNewBuild(now)).toBe(true)
    expect(reloadForNewBuild(now + 1_000)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(reloadForNewBuild(now + RELOAD_GUARD_MS)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})

describe('a page whose code cannot be loaded', () => {
  beforeEach(() => screenWidth(1440))

  it(`shows '${MESSAGE}' inside the signed-in layout, and Retry loads the page`, async () => {
    chunkFile.unreachable()
    const importer = flakyImporter({ component: originalOf('/_signed-in/users/', 'component') })
    splitRoutePart('/_signed-in/users/', 'component', importer)
    const { user } = renderRoute('/users', { signedInAs: 'admin' })

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(MESSAGE)
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()

    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument()
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
  })

  it('keeps the layout when the page’s own error view cannot be loaded either', async () => {
    chunkFile.unreachable()
    const routeId = '/_signed-in/users/$userId'
    splitRoutePart(routeId, 'component', flakyImporter({ component: originalOf(routeId, 'component') }))
    splitRoutePart(routeId, 'errorComponent', flakyImporter({ errorComponent: originalOf(routeId, 'errorComponent') }))
    const { user } = renderRoute(`/users/${db.users[0]!._id}`, { signedInAs: 'admin' })

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(MESSAGE)
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()

    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument()
  })

  it('reloads the page once by itself after a new deployment, and a second failure does not loop', async () => {
    chunkFile.gone()
    splitRoutePart('/_signed-in/users/', 'component', flakyImporter({}, Infinity))
    const first = renderRoute('/users', { signedInAs: 'admin' })
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE)
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    first.unmount()

    // The reloaded page fails the same way: it says so, and stays.
    renderRoute('/users', { signedInAs: 'admin' })
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE)
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads on Retry when the file answers but the browser still refuses the import', async () => {
    chunkFile.unreachable()
    splitRoutePart('/_signed-in/users/', 'component', flakyImporter({}, Infinity))
    const { user } = renderRoute('/users', { signedInAs: 'admin' })
    const alert = await screen.findByRole('alert')
    expect(reload).not.toHaveBeenCalled()

    chunkFile.present()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
  })

  it('stays on the message when Retry finds the network still down', async () => {
    chunkFile.unreachable()
    const importer = flakyImporter({}, Infinity)
    splitRoutePart('/_signed-in/users/', 'component', importer)
    const { user } = renderRoute('/users', { signedInAs: 'admin' })
    const alert = await screen.findByRole('alert')
    const calls = importer.mock.calls.length

    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled())
    expect(importer.mock.calls.length).toBeGreaterThan(calls)
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE)
    expect(reload).not.toHaveBeenCalled()
  })

  it(`shows '${MESSAGE}' in a public page's frame when only the page's code fails`, async () => {
    chunkFile.unreachable()
    splitRoutePart('/_public/faq', 'component', flakyImporter({ component: originalOf('/_public/faq', 'component') }))
    const { user } = renderRoute('/faq')

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(MESSAGE)
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeInTheDocument()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeInTheDocument()
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument()
  })

  it(`shows '${MESSAGE}' on a public page whose error view fails too, not a blank page`, async () => {
    chunkFile.unreachable()
    splitRoutePart('/_public/faq', 'component', flakyImporter({ component: originalOf('/_public/faq', 'component') }))
    splitRoutePart('/_public/faq', 'errorComponent', flakyImporter({ errorComponent: originalOf('/_public/faq', 'errorComponent') }))
    const { user } = renderRoute('/faq')

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(MESSAGE)
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeInTheDocument()
  })
})

describe('a heavy feature loaded lazily', () => {
  it(`shows '${MESSAGE}' in its place, and Retry loads it`, async () => {
    chunkFile.unreachable()
    const Editor = lazyChunk(flakyImporter({ default: ({ label }: { label: string }) => <p>{label} editor</p> }), ChunkLoadFailed)
    const user = userEvent.setup()
    render(
      <main>
        <h1>Privacy Policy</h1>
        <Suspense fallback={<p>Loading the editor</p>}>
          <Editor label="Privacy Policy" />
        </Suspense>
      </main>,
    )

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(MESSAGE)
    expect(screen.getByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument()

    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Privacy Policy editor')).toBeInTheDocument()
  })
})
