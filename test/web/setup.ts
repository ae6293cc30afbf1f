import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { authStore } from '@/lib/auth'
import { notify } from '@/lib/toast'
import { checkRenderedScreen } from './axe'
import './cheaper-diagnostics'
import { resetDb } from './mocks/db'
import { server } from './mocks/server'
import { mediaQueryList } from './screen-width'

// jsdom lacks these; the layout and toasts call them.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
window.matchMedia ??= (query: string) => mediaQueryList(query, false)
// A press on a toast (its Undo) starts sonner's swipe, which captures the pointer.
Element.prototype.setPointerCapture ??= () => {}
Element.prototype.releasePointerCapture ??= () => {}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

// The route tree loads with the test file, before any test, so a first render costs no more than a
// later one; but jsdom does every render and query on the CPU, and on a busy machine a page's data
// can take a few seconds to show (the library's own default is 1 s).
configure({ asyncUtilTimeout: 5000 })

// sonner puts its stylesheet (about a hundred rules) into the document when it loads. jsdom lays
// nothing out, so those rules change nothing a test sees, yet it matches each of them against an
// element and its ancestors on every getComputedStyle after a change to the page, and every *ByRole
// query calls it to leave hidden elements out: about a seventh of the slowest files' time. The app
// loads sonner on its first toast (lib/toast.ts), so it is loaded here first, once per worker.
await import('sonner')
for (const style of document.head.querySelectorAll('style')) {
  if (style.textContent?.startsWith('[data-sonner-toaster]')) style.remove()
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
// jsdom has no object URLs; tests that need them stub them. Files share a worker, so every test
// starts without them again, whatever an earlier file stubbed. (Deleting a stub would not do: it
// would uncover Node's own, inherited, which wants Node's Blob.)
beforeEach(() => {
  for (const name of ['createObjectURL', 'revokeObjectURL']) {
    Object.defineProperty(URL, name, { value: undefined, configurable: true, writable: true })
  }
})
afterEach(async ({ task }) => {
  try {
    // Before cleanup unmounts it; a test that failed already has said what matters.
    await checkRenderedScreen({ testFailed: task.result?.state === 'fail' })
  } finally {
    // sonner keeps its toasts in a module-level store and replays them to the next Toaster.
    notify.dismiss()
    cleanup()
    server.resetHandlers()
    localStorage.clear()
    authStore.rehydrate()
    resetDb()
  }
}, 30_000) // the axe check of a large screen can take several seconds on a busy machine
afterAll(() => server.close())
