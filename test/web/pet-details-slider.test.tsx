import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PetDetailsApp } from '@/pet-details/PetDetailsApp'
import { petsDb } from './mocks/handlers/pets'

/** The photo slider and the media viewer of the public pet page. */
async function renderBruno() {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  render(<PetDetailsApp petId={petsDb()[0]!._id} redirect={vi.fn()} />)
  await screen.findByRole('region', { name: 'Photos of Bruno' })
  // The page rendered when the answer came (outside act): let its effects (the slider's timer) run.
  await act(async () => {})
  return { user }
}

const dot = (n: number) => screen.getByRole('button', { name: `Go to photo ${n}` })
/** The photo shown: the one dot marked current (also while the modal viewer hides the page). */
const shown = () => screen.getAllByRole('button', { name: /^Go to photo /, hidden: true }).findIndex((b) => b.getAttribute('aria-current') === 'true') + 1
const viewport = () => screen.getByTestId('slider-viewport')

function swipe(dx: number, pointerType = 'touch') {
  const target = viewport()
  fireEvent.pointerDown(target, { pointerId: 1, pointerType, clientX: 200, clientY: 100, button: 0 })
  fireEvent.pointerMove(target, { pointerId: 1, pointerType, clientX: 200 + dx / 2, clientY: 100 })
  fireEvent.pointerMove(target, { pointerId: 1, pointerType, clientX: 200 + dx, clientY: 100 })
  fireEvent.pointerUp(target, { pointerId: 1, pointerType, clientX: 200 + dx, clientY: 100 })
}

describe('pet photo slider', () => {
  beforeEach(() => {
    // Only the slider's timers are faked; time still runs, so msw and findBy work as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows every photo with alt text and one dot per photo, loading the others after the first', async () => {
    await renderBruno()
    const slides = screen.getAllByRole('group')
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3'])
    // Until the first photo is in, it is the only one asked for.
    expect(screen.getAllByRole('img', { name: /^Bruno, photo/ })).toHaveLength(1)
    fireEvent.load(screen.getByRole('img', { name: 'Bruno, photo 1 of 3' }))
    expect(screen.getAllByRole('img', { name: /^Bruno, photo \d of 3$/ }).map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/pets/bruno-1.jpg',
      '/uploads/pets/bruno-2.jpg',
      '/uploads/pets/bruno-3.jpg',
    ])
    expect(shown()).toBe(1)
    // Only the shown slide can be reached.
    expect(slides[0]).not.toHaveAttribute('inert')
    expect(slides[1]).toHaveAttribute('inert')
  })

  it('advances every 5 seconds, wraps around, and dots jump', async () => {
    await renderBruno()
    expect(shown()).toBe(1)
    act(() => vi.advanceTimersByTime(4900))
    expect(shown()).toBe(1)
    act(() => vi.advanceTimersByTime(100))
    expect(shown()).toBe(2)
    act(() => vi.advanceTimersByTime(5000))
    expect(shown()).toBe(3)
    act(() => vi.advanceTimersByTime(5000))
    expect(shown()).toBe(1)

    fireEvent.click(dot(3))
    expect(shown()).toBe(3)
    expect(dot(3)).toHaveAttribute('aria-current', 'true')
    expect(dot(1)).not.toHaveAttribute('aria-current')
    // A jump restarts the 5 s.
    act(() => vi.advanceTimersByTime(5000))
    expect(shown()).toBe(1)
  })

  it('pauses with the pause button, on mouse hover, on keyboard focus and while the tab is hidden', async () => {
    const { user } = await renderBruno()
    const carousel = screen.getByRole('region', { name: 'Photos of Bruno' })
    await user.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    await user.unhover(carousel)
    act(() => vi.advanceTimersByTime(15_000))
    expect(shown()).toBe(1)
    // The click leaves focus on the button, but only keyboard focus pauses; the hover does too.
    await user.click(screen.getByRole('button', { name: 'Play slideshow' }))
    act(() => vi.advanceTimersByTime(10_000))
    expect(shown()).toBe(1)
    await user.unhover(carousel)
    act(() => vi.advanceTimersByTime(5000))
    expect(shown()).toBe(2)

    await user.tab()
    expect(dot(1)).toHaveFocus()
    act(() => vi.advanceTimersByTime(10_000))
    expect(shown()).toBe(2)
    act(() => dot(1).blur())

    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true)
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    act(() => vi.advanceTimersByTime(10_000))
    expect(shown()).toBe(2)
    hidden.mockReturnValue(false)
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    act(() => vi.advanceTimersByTime(5000))
    expect(shown()).toBe(3)
    hidden.mockRestore()

    // By keyboard: Pause, then Play resumes even with focus still inside.
    screen.getByRole('button', { name: 'Pause slideshow' }).focus()
    await user.keyboard('{Enter}')
    act(() => vi.advanceTimersByTime(10_000))
    expect(shown()).toBe(3)
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toHaveFocus()
    act(() => vi.advanceTimersByTime(5000))
    expect(shown()).toBe(1)
  })

  it('does not advance by itself when the reader prefers reduced motion', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    )
    await renderBruno()
    act(() => vi.advanceTimersByTime(20_000))
    expect(shown()).toBe(1)
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).not.toBeInTheDocument()
    fireEvent.click(dot(2))
    expect(shown()).toBe(2)
    matchMedia.mockRestore()
  })

  it('swipes left and right by touch or mouse from 10 px, and not below', async () => {
    await renderBruno()
    swipe(-10)
    expect(shown()).toBe(2)
    swipe(-60, 'mouse')
    expect(shown()).toBe(3)
    swipe(40)
    expect(shown()).toBe(2)
    swipe(9)
    expect(shown()).toBe(2)
    swipe(-9, 'mouse')
    expect(shown()).toBe(2)
    // From the first photo, a swipe right goes round to the last.
    fireEvent.click(dot(1))
    swipe(30)
    expect(shown()).toBe(3)
  })

  it('does not open the viewer from the click that ends a swipe', async () => {
    await renderBruno()
    swipe(-50)
    fireEvent.click(viewport())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(shown()).toBe(2)
  })

  it('opens the full-screen media viewer at the clicked photo, with thumbnails, and closes it', async () => {
    const { user } = await renderBruno()
    fireEvent.click(dot(2))
    await user.click(screen.getByRole('button', { name: 'Open photo 2 of 3 in the media viewer' }))

    // The viewer is its own chunk, loaded now.
    const viewer = await screen.findByRole('dialog', { name: 'Media viewer' })
    expect(viewer).toHaveAttribute('aria-modal', 'true')
    const current = within(viewer).getAllByRole('group').find((g) => !g.hasAttribute('inert'))
    expect(current).toHaveAttribute('aria-label', '2 of 3')
    expect(within(current!).getByRole('img')).toHaveAttribute('src', '/uploads/pets/bruno-2.jpg')
    // The thumbnail strip: one per photo, 100 x 60 px with an 8 px radius.
    const strip = within(viewer).getByRole('navigation', { name: 'Thumbnails' })
    expect(strip.querySelectorAll('.yarl__thumbnails_thumbnail').length).toBeGreaterThanOrEqual(3)
    const vars = strip.closest<HTMLElement>('.yarl__thumbnails_container')!.getAttribute('style') ?? ''
    expect(vars).toContain('--yarl__thumbnails_thumbnail_width: 100px')
    expect(vars).toContain('--yarl__thumbnails_thumbnail_height: 60px')
    expect(vars).toContain('--yarl__thumbnails_thumbnail_border_radius: 8px')

    // The slider waits while the viewer is open.
    act(() => vi.advanceTimersByTime(15_000))
    expect(shown()).toBe(2)

    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(shown()).toBe(3))

    await user.click(within(viewer).getByRole('button', { name: 'Close' }))
    act(() => vi.advanceTimersByTime(1000))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('opens the viewer with Enter on the shown photo', async () => {
    const { user } = await renderBruno()
    screen.getByRole('button', { name: 'Open photo 1 of 3 in the media viewer' }).focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('dialog', { name: 'Media viewer' })).toBeInTheDocument()
  })

  it('replaces a broken photo with the placeholder, on the page and in the viewer', async () => {
    const { user } = await renderBruno()
    const photo = screen.getByRole('img', { name: 'Bruno, photo 1 of 3' })
    fireEvent.error(photo)
    expect(photo).toHaveAttribute('src', '/images/placeholder.svg')
    // The placeholder failing too does not loop.
    fireEvent.error(photo)
    expect(photo).toHaveAttribute('src', '/images/placeholder.svg')

    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 3 in the media viewer' }))
    const viewer = await screen.findByRole('dialog', { name: 'Media viewer' })
    const current = within(viewer).getAllByRole('group').find((g) => !g.hasAttribute('inert'))
    expect(within(current!).getByRole('img')).toHaveAttribute('src', '/images/placeholder.svg')
  })

  it("offers an upload's resized copies, and falls back to the original, then to the placeholder", async () => {
    const key = 'profile/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.jpg'
    petsDb()[0]!.profilePhotos = [{ url: `https://files.example.com/${key}` }]
    await renderBruno()
    const photo = screen.getByRole('img', { name: 'Bruno, photo' })
    expect(photo).toHaveAttribute(
      'srcset',
      [320, 640, 960, 1280].map((w) => `${location.origin}/resized/${w}/${key} ${w}w`).join(', '),
    )
    expect(photo).toHaveAttribute('sizes', '(min-width: 768px) 736px, calc(100vw - 2rem)')
    fireEvent.error(photo)
    expect(photo).not.toHaveAttribute('srcset')
    expect(photo).toHaveAttribute('src', `https://files.example.com/${key}`)
    fireEvent.error(photo)
    expect(photo).toHaveAttribute('src', '/images/placeholder.svg')
  })

  it('offers no copies of a photo that is not an upload', async () => {
    await renderBruno()
    expect(screen.getByRole('img', { name: 'Bruno, photo 1 of 3' })).not.toHaveAttribute('srcset')
  })
})

