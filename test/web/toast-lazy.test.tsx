import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { LazyToaster as LazyToasterComponent } from '@/lib/LazyToaster'
import type * as ToastModule from '@/lib/toast'
import { loadAppAfresh } from './fresh-modules'

/** The toasts on screen by their titles, newest first (a dismissed one lingers a moment for its exit animation, marked removed). */
const toastTitles = () =>
  Array.from(document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"]) [data-title]'), (t) => t.textContent)

/**
 * sonner loads on the first toast (lib/toast.ts). The file's workers have loaded it long before
 * (the setup, earlier files), so these tests take fresh copies of lib/toast.ts and LazyToaster
 * whose import of sonner waits until the test lets it through.
 */
describe('toasts before sonner has loaded', () => {
  let letSonnerLoad!: () => void
  let toasts: typeof ToastModule
  let LazyToaster: typeof LazyToasterComponent

  beforeAll(async () => {
    const sonnerMayLoad = new Promise<void>((resolve) => (letSonnerLoad = resolve))
    vi.resetModules()
    vi.doMock('sonner', async (importOriginal) => {
      await sonnerMayLoad
      return importOriginal()
    })
    toasts = await import('@/lib/toast')
    ;({ LazyToaster } = await import('@/lib/LazyToaster'))
  })
  // The setup's notify is the other copy: close these copies' toasts too.
  afterEach(() => void toasts.notify.dismiss())
  afterAll(() => {
    vi.doUnmock('sonner')
    // The next file in this worker loads the app afresh, with the real sonner.
    loadAppAfresh()
  })

  it('show once it has, in the order they were called, after the live region that announces them; Undo still works', async () => {
    const { notify } = toasts
    const user = userEvent.setup()
    const undo = vi.fn()
    render(<LazyToaster />)
    act(() => {
      notify.success('First')
      notify.message('Second')
      notify.dismiss(notify.loading('Closed before it showed'))
      notify.successWithAction('Deleted', { label: 'Undo', onClick: undo }, 10_000)
    })
    // Neither the Toaster nor its live region is on the page while sonner is loading.
    expect(document.querySelector('section[aria-live]')).toBeNull()

    act(() => letSonnerLoad())
    // The live region comes first and empty, so that screen readers announce what is added to it.
    const region = await waitFor(() => {
      const section = document.querySelector('section[aria-live="polite"]')
      expect(section).not.toBeNull()
      return section!
    })
    expect(region.querySelector('[data-sonner-toast]')).toBeNull()
    await waitFor(() => expect(toastTitles()).toEqual(['Deleted', 'Second', 'First']))

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(undo).toHaveBeenCalledOnce()
    await waitFor(() => expect(toastTitles()).toEqual(['Second', 'First']))
  })
})
