import { readFileSync } from 'node:fs'
import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { PERSIST_KEY } from '@/lib/storage-keys'
import { withStorageKeys } from '../../build-plugins/storage-keys'
import { SIGNED_IN_FRAME_ID } from '@/lib/signed-in-frame'
import { api } from './mocks/db'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { mediaQueryList, screenWidth } from './screen-width'

/** index.html's signed-in frame, as the page's parser makes it. */
function pageFrame(): HTMLElement {
  const page = new DOMParser().parseFromString(readFileSync('index.html', 'utf8'), 'text/html')
  const frame = page.getElementById(SIGNED_IN_FRAME_ID)
  if (!frame) throw new Error(`index.html has no #${SIGNED_IN_FRAME_ID}`)
  return frame
}

/** Class lists compared as sets, without the ones only a live control has (hover, the active link). */
const classes = (element: Element | null | undefined) =>
  new Set([...(element?.classList ?? [])].filter((name) => !name.startsWith('hover:') && name !== 'active'))

/** Puts index.html's frame in the document, as the page does before the app starts. */
function showFrame() {
  document.body.prepend(document.importNode(pageFrame(), true))
  return () => document.getElementById(SIGNED_IN_FRAME_ID)
}

afterEach(() => document.getElementById(SIGNED_IN_FRAME_ID)?.remove())

describe("index.html's signed-in frame", () => {
  it.each([360, 1280])('draws the top bar the layout draws, at %i px', async (width) => {
    screenWidth(width)
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const header = await screen.findByRole('banner')
    const [menu, home] = [screen.getByRole('button', { name: 'Main menu' }), screen.getByRole('link', { name: /go to the dashboard/ })]
    const bar = pageFrame().children[0]
    const [frameMenu, frameHome] = [bar?.children[0], bar?.children[1]]
    expect(classes(bar)).toEqual(classes(header))
    expect(classes(frameMenu)).toEqual(classes(menu))
    expect(frameMenu?.innerHTML).toBe(menu.innerHTML)
    expect(classes(frameHome)).toEqual(classes(home))
    expect(frameHome?.innerHTML).toBe(home.innerHTML)
  })

  it("draws the wide screen's drawer where the layout draws it, and nothing below md", async () => {
    screenWidth(1280)
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const drawer = (await screen.findByRole('navigation', { name: 'Main' })).closest('aside')
    const frameDrawer = classes(pageFrame().children[1])
    expect(frameDrawer.has('max-md:hidden')).toBe(true)
    frameDrawer.delete('max-md:hidden')
    expect(frameDrawer).toEqual(classes(drawer))
  })

  it.each([
    ['a held session', JSON.stringify({ auth: { accessToken: 'token' } }), true],
    ['no session', JSON.stringify({ auth: { accessToken: null } }), false],
    ['nothing stored', null, false],
  ])("is shown for %s (the page's first script marks the page, styles.css shows the frame by the mark)", (_, stored, shown) => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => mediaQueryList(query, false))
    if (stored) localStorage.setItem(PERSIST_KEY, stored)
    const firstScript = /<script>([\s\S]*?)<\/script>/.exec(withStorageKeys(readFileSync('index.html', 'utf8')))![1]!
    new Function(firstScript)()
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(shown)
    expect(readFileSync('src/styles.css', 'utf8')).toContain(`html:not([data-signed-in]) #${SIGNED_IN_FRAME_ID} {\n  display: none;`)
  })

  it('is hidden from assistive technology and cannot be focused', () => {
    const frame = pageFrame()
    expect(frame.getAttribute('aria-hidden')).toBe('true')
    expect(frame.hasAttribute('inert')).toBe(true)
    expect(frame.querySelector('a, button, input, [tabindex]')).toBeNull()
  })

  it('stays while the first page loads and goes once it is drawn', async () => {
    const frame = showFrame()
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    // The dashboard waits for its charts before it draws; held, then on to the usual handler.
    server.use(http.get(api('/admin/dashboard/charts'), async () => void (await answered)))
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(frame()).toBeInTheDocument()
    answer()
    await screen.findByRole('heading', { name: 'Dashboard' })
    await waitFor(() => expect(frame()).toBeNull())
  })

  it('goes when the visit ends on the sign-in page instead', async () => {
    const frame = showFrame()
    renderRoute('/users')
    await screen.findByRole('button', { name: 'Login' })
    await waitFor(() => expect(frame()).toBeNull())
  })
})
