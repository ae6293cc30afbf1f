import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { API_MSG, CMS_MSG, CMS_TYPE, type CmsPageType } from '@contract'
import { ADMIN_ONLY_NOTE } from '@/features/cms/roles'
import { authStore } from '@/lib/auth'
import { findEditor, settingsMenu } from './cms-helpers'
import { api, fail } from './mocks/db'
import { SEED_PAGES, cmsDb } from './mocks/handlers/cms'
import { captureBodies } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

const PAGES: [path: string, title: string, type: CmsPageType, seededText: string][] = [
  ['/settings/privacy-policy', 'Privacy Policy', CMS_TYPE.PRIVACY_POLICY, 'Information we collect'],
  ['/settings/terms-and-conditions', 'Terms & Conditions', CMS_TYPE.TERMS, 'Using Petcare'],
  ['/settings/contact-us', 'Contact Us', CMS_TYPE.CONTACT_US, 'hello@petcare.example'],
  ['/settings/support', 'Support', CMS_TYPE.SUPPORT, 'Getting help'],
]

afterEach(() => vi.restoreAllMocks())

describe('the secondary menu', () => {
  it('lists every entry as a link to its page, Support after the five the product names', async () => {
    renderRoute('/settings/change-password', { signedInAs: 'subAdmin' })
    const menu = await settingsMenu()
    const expected = [
      ['Change Password', '/settings/change-password'],
      ['Privacy Policy', '/settings/privacy-policy'],
      ["FAQ's", '/settings/faqs'],
      ['Terms & Conditions', '/settings/terms-and-conditions'],
      ['Contact Us', '/settings/contact-us'],
      ['Support', '/settings/support'],
      // Ours, not the product's: the API's reference, for both roles.
      ['API Reference', '/settings/api-reference'],
    ]
    expect(menu.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(expected)
    expect(menu.queryByText('Coming soon')).not.toBeInTheDocument()
    expect(menu.queryByTitle('Coming soon')).not.toBeInTheDocument()
  })

  it('opens Privacy Policy from the menu and marks it as the current page', async () => {
    const { user, router } = renderRoute('/settings/change-password', { signedInAs: 'admin' })
    await user.click((await settingsMenu()).getByRole('link', { name: 'Privacy Policy' }))
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/settings/privacy-policy')
    expect((await settingsMenu()).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('aria-current', 'page')
  })
})

describe('a CMS settings page for an admin', () => {
  it.each(PAGES)('%s loads the %s content into the editor', async (path, title, _type, seededText) => {
    renderRoute(path, { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeInTheDocument()
    const editor = await findEditor(title)
    expect(editor).toHaveAttribute('contenteditable', 'true')
    expect(editor).toHaveTextContent(seededText)
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument()
  })

  it('offers a toolbar of named buttons that say whether their format is on', async () => {
    const { user } = renderRoute('/settings/privacy-policy', { signedInAs: 'admin' })
    const editor = await findEditor('Privacy Policy')
    const toolbar = within(screen.getByRole('toolbar', { name: 'Privacy Policy formatting' }))
    const names = toolbar.getAllByRole('button').map((b) => b.getAttribute('aria-label'))
    expect(names).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'H1 (Heading 1)',
      'H2 (Heading 2)',
      'H3 (Heading 3)',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Link',
      'Undo',
      'Redo',
    ])
    await user.click(editor)
    await user.keyboard('{Control>}a{/Control}{Backspace}')
    const bold = toolbar.getByRole('button', { name: 'Bold' })
    expect(bold).toHaveAttribute('aria-pressed', 'false')
    await user.click(bold)
    expect(bold).toHaveAttribute('aria-pressed', 'true')
    await user.click(toolbar.getByRole('button', { name: 'Bulleted list' }))
    expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true')
    expect(toolbar.getByRole('button', { name: 'Undo' })).not.toHaveAttribute('aria-disabled')
    expect(toolbar.getByRole('button', { name: 'Redo' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('is one Tab stop whose buttons the arrow keys move between', async () => {
    const { user } = renderRoute('/settings/privacy-policy', { signedInAs: 'admin' })
    await findEditor('Privacy Policy')
    const toolbar = within(screen.getByRole('toolbar'))
    const buttons = toolbar.getAllByRole('button')
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[0]])
    buttons[0]!.focus()
    await user.keyboard('{ArrowRight}')
    expect(toolbar.getByRole('button', { name: 'Italic' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(toolbar.getByRole('button', { name: 'Redo' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveFocus()
  })

  it('turns the typed address into a link, and refuses a javascript: one', async () => {
    const bodies = captureBodies('PUT', '/admin/cms')
    const { user } = renderRoute('/settings/contact-us', { signedInAs: 'admin' })
    const editor = await findEditor('Contact Us')
    await user.click(editor)
    await user.keyboard('{Control>}a{/Control}{Backspace}')
    await user.click(screen.getByRole('button', { name: 'Link' }))
    const address = screen.getByRole('textbox', { name: 'Link address' })
    expect(address).toHaveFocus()
    await user.type(address, 'javascript:alert(1){Enter}')
    expect(address).toHaveAccessibleDescription(/Enter a web address/)
    await user.clear(address)
    await user.type(address, 'petcare.example/help{Enter}')
    expect(screen.queryByRole('textbox', { name: 'Link address' })).not.toBeInTheDocument()
    expect(within(editor).getByRole('link', { name: 'petcare.example/help' })).toHaveAttribute('href', 'https://petcare.example/help')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(CMS_MSG.updated)).toBeInTheDocument()
    expect(bodies).toEqual([{ type: CMS_TYPE.CONTACT_US, content: expect.stringContaining('href="https://petcare.example/help"'), version: 1 }])
  })

  it('saves {type, content}, shows "Content updated successfully", and the public page then shows the new content', async () => {
    const bodies = captureBodies('PUT', '/admin/cms')
    const { user, unmount } = renderRoute('/settings/terms-and-conditions', { signedInAs: 'admin' })
    const editor = await findEditor('Terms & Conditions')
    await user.click(editor)
    await user.keyboard('{Control>}a{/Control}{Backspace}')
    await user.keyboard('Pets come first.')
    await user.click(screen.getByRole('button', { name: 'Bold' }))
    await user.keyboard(' Always.')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(CMS_MSG.updated)).toBeInTheDocument()
    expect(bodies).toEqual([{ type: CMS_TYPE.TERMS, content: '<p>Pets come first.<strong> Always.</strong></p>', version: 1 }])
    expect(cmsDb().pages.get(CMS_TYPE.TERMS)?.content).toBe('<p>Pets come first.<strong> Always.</strong></p>')

    // A visitor opens the public page afterwards: it reads the same store.
    unmount()
    authStore.signOut()
    renderRoute('/term-and-conditions')
    const article = await screen.findByRole('article', { name: 'Terms & Conditions' })
    expect(article).toHaveTextContent('Pets come first. Always.')
    expect(within(article).getByText('Always.', { selector: 'strong' })).toBeInTheDocument()
    expect(article).not.toHaveTextContent('Using Petcare')
  })

  it("shows the server's message when the save is refused", async () => {
    server.use(http.put(api('/admin/cms'), () => fail('FORBIDDEN', API_MSG.forbidden)))
    const { user } = renderRoute('/settings/support', { signedInAs: 'admin' })
    await findEditor('Support')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(API_MSG.forbidden)).toBeInTheDocument()
    expect(cmsDb().pages.get(CMS_TYPE.SUPPORT)?.content).toBe(SEED_PAGES[CMS_TYPE.SUPPORT])
  })

  it('shows the error state with a retry when the pages cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.get(api('/admin/cms/list'), () => fail('INTERNAL', 'Database unavailable')))
    renderRoute('/settings/privacy-policy', { signedInAs: 'admin' })
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

describe('a CMS settings page for a sub admin', () => {
  it.each(PAGES)('%s shows the %s content read-only, with no Save', async (path, title, _type, seededText) => {
    const requests: string[] = []
    const listener = ({ request }: { request: Request }) => void requests.push(`${request.method} ${new URL(request.url).pathname}`)
    server.events.on('request:start', listener)
    onTestFinished(() => server.events.removeListener('request:start', listener))
    renderRoute(path, { signedInAs: 'subAdmin' })
    const article = await screen.findByRole('article', { name: title })
    expect(article).toHaveTextContent(seededText)
    expect(screen.getByRole('note')).toHaveTextContent(ADMIN_ONLY_NOTE)
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument()
    expect(article.closest('[contenteditable="true"]')).toBeNull()
    await waitFor(() => expect(requests).toContain('GET /api/v1/admin/cms/list'))
    expect(requests.filter((r) => r.startsWith('PUT'))).toEqual([])
  })
})

// Each test loads the lazy rich-text editor, types in it and then leaves the page.
describe('leaving a CMS settings page with unsaved changes', { timeout: 15_000 }, () => {
  const question = () => screen.findByRole('dialog', { name: 'Discard changes?' })
  const drawerLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name })
  // The drawer stays open from the medium width up, and Settings' menu is beside the page from lg.
  beforeEach(() => screenWidth(1280))

  async function editTerms() {
    const view = renderRoute('/settings/terms-and-conditions', { signedInAs: 'admin' })
    const editor = await findEditor('Terms & Conditions')
    await view.user.click(editor)
    await view.user.keyboard('{Control>}a{/Control}{Backspace}Pets come first.')
    return { ...view, editor }
  }

  it('asks "Discard changes?" when the drawer is used after an edit; Stay keeps the page and the edit', async () => {
    const { user, router, editor } = await editTerms()
    await user.click(drawerLink('Dashboard'))
    const dialog = await question()
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page and lose them?')
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/settings/terms-and-conditions')
    expect(editor).toHaveTextContent('Pets come first.')
  })

  it('leaves on Leave, keeping the stored page as it was', async () => {
    const { user, router } = await editTerms()
    await user.click(drawerLink('Users'))
    await user.click(within(await question()).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'))
    expect(cmsDb().pages.get(CMS_TYPE.TERMS)?.content).toBe(SEED_PAGES[CMS_TYPE.TERMS])
  })

  it('asks also before another settings page, since each page is its own editor', async () => {
    const { user, router } = await editTerms()
    await user.click((await settingsMenu()).getByRole('link', { name: 'Privacy Policy' }))
    await user.click(within(await question()).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/settings/terms-and-conditions')
  })

  it('asks nothing once the edit is saved', async () => {
    const { user, router } = await editTerms()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(CMS_MSG.updated)).toBeInTheDocument()
    await user.click(drawerLink('Dashboard'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('asks nothing when the page was only opened', async () => {
    const { user, router } = renderRoute('/settings/privacy-policy', { signedInAs: 'admin' })
    await findEditor('Privacy Policy')
    await user.click(drawerLink('Dashboard'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
