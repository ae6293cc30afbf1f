import { act, screen, waitFor } from '@testing-library/react'
import { TOAST_LIMIT, notify } from '@/lib/toast'
import { renderRoute } from './render'

/** The toasts on screen, newest first (a dismissed one lingers a moment for its exit animation, marked removed). */
const toastTexts = () =>
  Array.from(document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])'), (t) => t.textContent)

describe('toasts', () => {
  it('start below the 64 px top bar, on a phone as on a wide screen, so the user block stays uncovered', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await screen.findByRole('heading', { name: 'Dashboard' })
    act(() => void notify.message('Saved'))
    const toaster = await waitFor(() => {
      const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')
      expect(list).not.toBeNull()
      return list!
    })
    expect(toaster).toHaveAttribute('data-y-position', 'top')
    expect(toaster.style.getPropertyValue('--offset-top')).toBe('72px')
    expect(toaster.style.getPropertyValue('--mobile-offset-top')).toBe('72px')
  })

  it(`keeps at most ${TOAST_LIMIT}: a newer one drops the oldest instead of waiting behind it`, async () => {
    renderRoute('/')
    await screen.findByRole('heading', { name: 'Login' })
    const ids: Array<string | number> = []
    act(() => {
      for (let n = 1; n <= TOAST_LIMIT + 5; n++) ids.push(notify.loading(`Toast ${n}`))
    })
    const newest = Array.from({ length: TOAST_LIMIT }, (_, i) => `Toast ${TOAST_LIMIT + 5 - i}`)
    await waitFor(() => expect(toastTexts()).toEqual(newest))

    // One closed frees its place: the next one drops nothing.
    act(() => void notify.dismiss(ids.at(-1)))
    act(() => void notify.loading('One more'))
    await waitFor(() => expect(toastTexts()).toEqual(['One more', ...newest.slice(1)]))
  })
})
