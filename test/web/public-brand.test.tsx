import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { CMS_MSG } from '@contract'
import { api, ok } from './mocks/db'
import { server } from './mocks/server'
import { renderRoute } from './render'

/**
 * The public pages are read by pet owners: they are branded as the platform ("Petcare"), in the
 * header and the tab, while the sign-in screens stay "Petcare Admin".
 */

afterEach(() => vi.restoreAllMocks())

describe('the public pages', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/faq', 'Frequently Asked Questions'],
    ['/contact-us', 'Contact Us'],
  ])('%s is branded Petcare, in its header and its tab', async (path, title) => {
    renderRoute(path)
    await screen.findByRole('heading', { level: 1, name: title })
    const home = screen.getByRole('link', { name: 'Petcare home' })
    expect(home).toHaveTextContent(/^Petcare$/)
    await waitFor(() => expect(document.title).toBe(`${title} · Petcare`))
  })

  it('keeps the sign-in screen’s tab as Petcare Admin', async () => {
    renderRoute('/forgot-password')
    await screen.findByRole('heading', { level: 1 })
    await waitFor(() => expect(document.title).toMatch(/ · Petcare Admin$/))
  })

  it('shows the privacy policy’s title once, when its content opens with the same heading', async () => {
    server.use(
      http.get(api('/cms/1'), () =>
        ok(CMS_MSG.fetched, { type: 1, content: '<h1>Privacy Policy</h1><h2>Information we collect</h2><p>Names.</p>', updatedAt: null, version: 1 }),
      ),
    )
    renderRoute('/privacy-policy')
    const article = await screen.findByRole('article', { name: 'Privacy Policy' })
    expect(screen.getAllByRole('heading', { name: 'Privacy Policy' })).toHaveLength(1)
    expect(within(article).getByRole('heading', { name: 'Information we collect' })).toBeInTheDocument()
  })
})

describe('FAQ settings', () => {
  it('links to the public page, as the other content pages do', async () => {
    renderRoute('/settings/faqs', { signedInAs: 'admin' })
    const link = await screen.findByRole('link', { name: 'View public page' })
    expect(link).toHaveAttribute('href', '/faq')
    expect(link).toHaveAttribute('target', '_blank')
  })
})
