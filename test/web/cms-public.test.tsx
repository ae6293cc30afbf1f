import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { CMS_MSG, CMS_TYPE, type CmsPage } from '@contract'
import { ADMIN_ONLY_NOTE } from '@/features/cms/roles'
import { findEditor } from './cms-helpers'
import { api, fail, ok } from './mocks/db'
import { gate } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

afterEach(() => vi.restoreAllMocks())

const PUBLIC: [path: string, title: string, seededText: string][] = [
  ['/privacy-policy', 'Privacy Policy', 'Information we collect'],
  ['/term-and-conditions', 'Terms & Conditions', 'Using Petcare'],
  ['/contact-us', 'Contact Us', 'hello@petcare.example'],
  ['/support', 'Support', 'Getting help'],
]

/** An answer no server should send: script, handlers, a javascript: link, a non-http image. */
const HOSTILE =
  '<p>Safe words</p>' +
  '<script>window.__cmsXss = 1</script>' +
  '<img src="x" onerror="window.__cmsXss = 2">' +
  '<img src="https://img.petcare.example/cat.png" alt="A cat" onerror="window.__cmsXss = 3">' +
  '<a href="javascript:window.__cmsXss = 4">Click me</a>' +
  '<a href="https://petcare.example" onclick="window.__cmsXss = 5" style="color:red" class="x" target="_blank">Our site</a>' +
  '<iframe src="https://evil.example"></iframe><p onmouseover="window.__cmsXss = 6">Hover</p>'

function expectClean(container: HTMLElement) {
  expect(container.querySelector('script, iframe, style')).toBeNull()
  expect(container.querySelector('[onerror], [onclick], [onmouseover], [style]')).toBeNull()
  expect(container.querySelector('p[class], a[class], img[class]')).toBeNull()
  expect(container.innerHTML).not.toMatch(/javascript:|onerror|onclick|__cmsXss/i)
  expect(within(container).getByText('Click me')).not.toHaveAttribute('href')
  expect(within(container).getByRole('link', { name: 'Our site' })).toHaveAttribute('rel', 'noopener noreferrer')
  expect(within(container).getByRole('img', { name: 'A cat' })).toHaveAttribute('src', 'https://img.petcare.example/cat.png')
  expect(container.querySelectorAll('img')).toHaveLength(1)
  expect(within(container).getByText('Safe words')).toBeInTheDocument()
  expect((window as { __cmsXss?: number }).__cmsXss).toBeUndefined()
}

const hostilePage = (type: CmsPage['type']): CmsPage => ({ type, content: HOSTILE, updatedAt: '2025-03-01T09:30:00.000Z', version: 1 })

describe('the public content pages', () => {
  it.each(PUBLIC)('%s shows the %s to a visitor without signing in', async (path, title, seededText) => {
    const { router } = renderRoute(path)
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: title })).toHaveTextContent(seededText)
    expect(router.state.location.pathname).toBe(path)
    expect(screen.getByText('Last updated 2025-03-01')).toBeInTheDocument()
  })

  it.each(['/', '/forgot-password', '/support', '/term-and-conditions', '/contact-us', '/faq', '/privacy-policy', '/no-data-found'])(
    '%s sends a visitor who holds a token to the dashboard',
    async (path) => {
      const { router } = renderRoute(path, { signedInAs: 'admin' })
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
      expect(await screen.findByRole('button', { name: 'Main menu' })).toBeInTheDocument()
    },
  )

  it('has a logo to the home page and a footer linking every public page', async () => {
    renderRoute('/contact-us')
    expect(await screen.findByRole('link', { name: 'Petcare home' })).toHaveAttribute('href', '/')
    const footer = within(screen.getByRole('navigation', { name: 'Information' }))
    expect(footer.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Privacy Policy', '/privacy-policy'],
      ['Terms & Conditions', '/term-and-conditions'],
      ['FAQ', '/faq'],
      ['Contact Us', '/contact-us'],
      ['Support', '/support'],
    ])
    expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page')
  })

  it('goes to another public page from the footer', async () => {
    const { user } = renderRoute('/privacy-policy')
    await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })
    await user.click(within(screen.getByRole('navigation', { name: 'Information' })).getByRole('link', { name: 'Support' }))
    expect(await screen.findByRole('article', { name: 'Support' })).toHaveTextContent('Getting help')
  })

  it('says so when a page has no content yet', async () => {
    server.use(http.get(api('/cms/5'), () => ok(CMS_MSG.fetched, { type: 5, content: '', updatedAt: null, version: 0 })))
    renderRoute('/support')
    expect(await screen.findByText('Nothing has been published here yet.')).toBeInTheDocument()
  })

  it('shows a loader while the page loads', async () => {
    const held = gate()
    server.use(http.get(api('/cms/1'), () => held.wait()))
    renderRoute('/privacy-policy')
    expect(await screen.findByRole('status')).toHaveTextContent('Loading')
    expect(screen.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument()
    held.open()
    expect(await screen.findByRole('article', { name: 'Privacy Policy' })).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('shows an error state with Try again when the call fails, and recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.get(api('/cms/2'), () => fail('INTERNAL', 'Database unavailable'), { once: true }))
    const { user } = renderRoute('/term-and-conditions')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This page could not be loaded.')
    expect(screen.getByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeInTheDocument()
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('article', { name: 'Terms & Conditions' })).toHaveTextContent('Using Petcare')
  })
})

describe('CMS content is sanitised again on render', () => {
  it('renders no script, handler, javascript: link or non-http image on a public page', async () => {
    server.use(http.get(api('/cms/1'), () => ok(CMS_MSG.fetched, hostilePage(CMS_TYPE.PRIVACY_POLICY))))
    renderRoute('/privacy-policy')
    expectClean(await screen.findByRole('article', { name: 'Privacy Policy' }))
  })

  it("renders none of them in a sub admin's read-only settings page", async () => {
    server.use(
      http.get(api('/admin/cms/list'), () =>
        ok(CMS_MSG.listed, [hostilePage(1), hostilePage(2), hostilePage(4), hostilePage(5)]),
      ),
    )
    renderRoute('/settings/contact-us', { signedInAs: 'subAdmin' })
    expect(await screen.findByRole('note')).toHaveTextContent(ADMIN_ONLY_NOTE)
    expectClean(screen.getByRole('article', { name: 'Contact Us' }))
  })

  it("loads none of them into an admin's editor", async () => {
    server.use(http.get(api('/admin/cms/list'), () => ok(CMS_MSG.listed, [hostilePage(1), hostilePage(2), hostilePage(4), hostilePage(5)])))
    renderRoute('/settings/privacy-policy', { signedInAs: 'admin' })
    const editor = await findEditor('Privacy Policy')
    expect(editor).toHaveTextContent('Safe words')
    expect(editor.querySelector('script, iframe, [onerror], [onclick], [onmouseover]')).toBeNull()
    expect(editor.innerHTML).not.toMatch(/javascript:|__cmsXss/i)
  })
})
