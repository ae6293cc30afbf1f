import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { API_MSG, CITY_MSG } from '@contract'
import { isActiveItem, mainMenu as mainMenuItems } from '@/components/layout/navigation'
import { api, db, fail } from './mocks/db'
import { trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

/**
 * /content-management: the cities (docs/DECISIONS.md, Content), added and renamed in a dialog
 * holding the simple named item form, deleted by an admin after a confirmation; and the
 * Content entry of the main menu.
 */

const table = () => screen.getByRole('table', { name: 'Cities' })
const rowOf = (name: string) => within(table()).getByRole('link', { name }).closest('tr')!
/** The texts of a column, row by row. */
const column = (index: number) =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent)

async function openList(role: 'admin' | 'subAdmin' = 'admin', path = '/content-management') {
  const view = renderRoute(path, { signedInAs: role })
  await within(await screen.findByRole('table', { name: 'Cities' })).findByRole('link', { name: db.cities[0]!.name })
  return view
}

async function openAddDialog(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add City' }))
  return screen.findByRole('dialog', { name: 'Add City' })
}

/** The error line of a field: the element its aria-describedby names last. */
const errorOf = (el: HTMLElement) => {
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').filter(Boolean).at(-1)
}

afterEach(() => vi.restoreAllMocks())

describe('the cities list', () => {
  it('shows Name, Sites, Created At and Actions, each name linking to its city', async () => {
    await openList()
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Sites', 'Created At', 'Actions'])
    expect(column(0)).toEqual(['Bengaluru', 'Mumbai', 'Pune', 'New Delhi'])
    expect(column(1)).toEqual(['3', '1', '0', '2'])
    expect(column(2)).toEqual(['2025-06-30', '2025-06-27', '2025-06-24', '2025-06-21'])
    const bengaluru = db.cities[0]!
    expect(within(table()).getByRole('link', { name: 'Bengaluru' })).toHaveAttribute('href', `/cities/${bengaluru._id}`)
    expect(screen.getByRole('heading', { level: 1, name: 'Cities' })).toBeInTheDocument()
  })

  it('shows "No Cities Found !!!" when there are none', async () => {
    db.sites.length = 0
    db.cities.length = 0
    renderRoute('/content-management', { signedInAs: 'admin' })
    expect(await screen.findByText('No Cities Found !!!')).toBeInTheDocument()
  })

  it('searches by name, keeping the search in the address', async () => {
    const { user, router } = await openList()
    const requests = trackRequests('/admin/city/list')
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'delhi{Enter}')
    await waitFor(() => expect(column(0)).toEqual(['New Delhi']))
    expect(requests.at(-1)!.get('search')).toBe('delhi')
    expect(router.state.location.search).toEqual({ search: 'delhi' })
  })

  it('opens a city’s page from its name', async () => {
    const { user, router } = await openList()
    const mumbai = db.cities[1]!
    await user.click(within(table()).getByRole('link', { name: 'Mumbai' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Mumbai' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/cities/${mumbai._id}`)
  })

  it('reads "Content" in the breadcrumb bar', async () => {
    await openList()
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Content'])
  })
})

describe('adding a city', () => {
  it('says "Enter the required field" when sent empty, and sends nothing', async () => {
    const { user } = await openList()
    const requests = trackRequests('/admin/city')
    const dialog = await openAddDialog(user)
    expect(within(dialog).getByLabelText('Name')).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Enter the required field')).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })

  for (const { value, what, message } of [
    { value: 'a', what: 'a 1-letter name', message: 'Name should be minimum of 2 characters' },
    { value: 'a'.repeat(21), what: 'a 21-letter name', message: 'Name should be maximum of 20 characters' },
    { value: 'Pune 2', what: 'a name with a digit', message: 'Please enter valid name' },
    { value: 'São Paulo', what: 'a name with a letter outside A-Z', message: 'Please enter valid name' },
    { value: '   ', what: 'a name of spaces (trimmed first)', message: 'Enter the required field' },
  ]) {
    it(`says "${message}" for ${what}`, async () => {
      const { user } = await openList()
      const dialog = await openAddDialog(user)
      const name = within(dialog).getByLabelText('Name')
      await user.click(name)
      await user.paste(value)
      await user.tab()
      expect(errorOf(name)).toBe(message)
    })
  }

  it('takes 2 and 20 letters with spaces', async () => {
    const { user } = await openList()
    const name = within(await openAddDialog(user)).getByLabelText('Name')
    for (const value of ['Ab', 'Navi Mumbai Outskirt']) {
      await user.clear(name)
      await user.type(name, value)
      await user.tab()
      expect(name).not.toHaveAttribute('aria-invalid')
    }
  })

  it('adds the city: the server message, the dialog closes and the city is listed with no sites', async () => {
    const { user } = await openList()
    const dialog = await openAddDialog(user)
    await user.type(within(dialog).getByLabelText('Name'), '  Chennai  {Enter}')
    expect(await screen.findByText(CITY_MSG.created)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(db.cities[0]!.name).toBe('Chennai')
    await waitFor(() => expect(column(0)[0]).toBe('Chennai'))
    expect(column(1)[0]).toBe('0')
  })

  it('puts the server’s 409 message under Name for a name another city has, keeping the dialog open', async () => {
    const { user } = await openList()
    const dialog = await openAddDialog(user)
    const name = within(dialog).getByLabelText('Name')
    await user.type(name, 'bengaluru')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(errorOf(name)).toBe(CITY_MSG.duplicate))
    // The client's toast says it too.
    expect(screen.getAllByText(CITY_MSG.duplicate).length).toBeGreaterThanOrEqual(2)
    expect(screen.getByRole('dialog', { name: 'Add City' })).toBeInTheDocument()
    expect(db.cities).toHaveLength(4)
  })

  it('closes on Cancel without sending, the focus back on Add City', async () => {
    const { user } = await openList()
    const requests = trackRequests('/admin/city')
    const dialog = await openAddDialog(user)
    await user.type(within(dialog).getByLabelText('Name'), 'Goa')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requests).toHaveLength(0)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add City' })).toHaveFocus())
  })
})

describe('renaming a city', () => {
  it('opens the same dialog with the name, and saves the new one', async () => {
    const { user } = await openList('subAdmin')
    await user.click(within(rowOf('Mumbai')).getByRole('button', { name: 'Edit Mumbai' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit City' })
    const name = within(dialog).getByLabelText('Name')
    expect(name).toHaveValue('Mumbai')
    await user.clear(name)
    await user.type(name, 'Navi Mumbai')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(CITY_MSG.updated)).toBeInTheDocument()
    await waitFor(() => expect(column(0)).toEqual(['Bengaluru', 'Navi Mumbai', 'Pune', 'New Delhi']))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('refuses another city’s name with the 409 message, but keeps its own name under another case', async () => {
    const { user } = await openList()
    await user.click(within(rowOf('Pune')).getByRole('button', { name: 'Edit Pune' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit City' })
    const name = within(dialog).getByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'MUMBAI')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(errorOf(name)).toBe(CITY_MSG.duplicate))
    await user.clear(name)
    await user.type(name, 'PUNE')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(CITY_MSG.updated)).toBeInTheDocument()
    expect(db.cities[2]!.name).toBe('PUNE')
  })
})

describe('deleting a city', () => {
  it('deletes a city without sites after confirming: the server message shows and the row is gone', async () => {
    const { user } = await openList()
    const pune = db.cities[2]!
    await user.click(within(rowOf('Pune')).getByRole('button', { name: 'Delete Pune' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete city?' })
    expect(dialog).toHaveTextContent('Pune moves to the trash. Undo, or Settings > Trash within 30 days, brings it back.')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(CITY_MSG.deleted)).toBeInTheDocument()
    await waitFor(() => expect(column(0)).toEqual(['Bengaluru', 'Mumbai', 'New Delhi']))
    expect(db.cities.some((c) => c._id === pune._id)).toBe(false)
  })

  it('keeps a city that still has sites, showing the server’s refusal', async () => {
    const { user } = await openList()
    await user.click(within(rowOf('Bengaluru')).getByRole('button', { name: 'Delete Bengaluru' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete city?' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(CITY_MSG.hasSites)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(rowOf('Bengaluru')).toBeInTheDocument()
    expect(db.cities).toHaveLength(4)
  })

  it('shows the server message once when it refuses (403)', async () => {
    server.use(http.delete(api('/admin/city/:id'), () => fail('FORBIDDEN', API_MSG.forbidden)))
    const { user } = await openList()
    await user.click(within(rowOf('Pune')).getByRole('button', { name: 'Delete Pune' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findAllByText(API_MSG.forbidden)).toHaveLength(1)
    expect(rowOf('Pune')).toBeInTheDocument()
  })

  it('shows a sub admin no Delete buttons, but Add City and each row’s Edit', async () => {
    await openList('subAdmin')
    expect(within(table()).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
    expect(within(table()).getAllByRole('button', { name: /^Edit / })).toHaveLength(4)
    expect(screen.getByRole('button', { name: 'Add City' })).toBeInTheDocument()
  })
})

describe('the Content menu entry', () => {
  beforeEach(() => screenWidth(1024))
  const mainMenu = () => screen.findByRole('navigation', { name: 'Main' })

  it('sits after Partners and before Settings, and opens /content-management', async () => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const menu = await mainMenu()
    const titles = within(menu)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(titles.slice(-3)).toEqual(['Partners', 'Content', 'Settings'])
    const content = within(menu).getByRole('link', { name: 'Content' })
    expect(content).toHaveAttribute('href', '/content-management')
    await user.click(content)
    await waitFor(() => expect(router.state.location.pathname).toBe('/content-management'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Cities' })).toBeInTheDocument()
  })

  it('matches its sections on whole segments only', () => {
    const content = mainMenuItems.find((item) => item.id === 'content')!
    expect(isActiveItem('/cities/abc', content)).toBe(true)
    expect(isActiveItem('/sites/site', content)).toBe(true)
    expect(isActiveItem('/sitesmap', content)).toBe(false)
    expect(isActiveItem('/settings', content)).toBe(false)
  })

  it.each([
    ['the cities list', () => '/content-management'],
    ['a city’s page', () => `/cities/${db.cities[0]!._id}`],
    ['a site’s details', () => `/sites/site-details/${db.sites[0]!._id}`],
    ['the add site form', () => `/sites/add-site?cityId=${db.cities[0]!._id}`],
    ['the edit site form', () => `/sites/site?siteId=${db.sites[0]!._id}`],
  ])('is highlighted on %s', async (_, path) => {
    renderRoute(path(), { signedInAs: 'admin' })
    const menu = await mainMenu()
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Content' })).toHaveAttribute('aria-current', 'page'))
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
  })
})
