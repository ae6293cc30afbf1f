import { screen, waitFor, within } from '@testing-library/react'
import { PLACE_STATUS, type PlaceKind } from '@contract'
import { placesDb } from './mocks/handlers/places'
import { captureDownloads, csvLinesOf, trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/**
 * /pet-shops and /hospitals: one list implementation, parameterised by kind, on the list kit.
 * What the kind decides (names, paths, texts) is checked on both; the rest once, on one of them.
 */

type Kind = { kind: PlaceKind; path: string; name: string; api: string; empty: string; stem: string; singular: string }
const petShops: Kind = {
  kind: 'petShop',
  path: '/pet-shops',
  name: 'Pet Shops',
  api: '/place/admin/pet-shops',
  empty: 'No Pet Shops Found !!!',
  stem: 'pet-shops',
  singular: 'pet-shop',
}
const hospitals: Kind = {
  kind: 'hospital',
  path: '/hospitals',
  name: 'Hospitals',
  api: '/place/admin/hospitals',
  empty: 'No Hospitals Found !!!',
  stem: 'hospitals',
  singular: 'hospital',
}

const table = (name: string) => screen.getByRole('table', { name })
const bodyRows = (name: string) => within(within(table(name)).getAllByRole('rowgroup')[1]!).getAllByRole('row')
const column = (name: string, index: number) => bodyRows(name).map((row) => within(row).getAllByRole('cell')[index + 1]!.textContent)

async function openList({ kind, path }: Kind, url = path) {
  const view = renderRoute(url, { signedInAs: 'admin' })
  await screen.findByRole('cell', { name: placesDb(kind)[0]!.name })
  return view
}

afterEach(() => vi.restoreAllMocks())

describe.each([petShops, hospitals])('the $name list', (k) => {
  const { kind, path, name, api, empty, stem } = k

  it('shows exactly the columns Name, Address, Status, Created At and Actions', async () => {
    await openList(k)
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument()
    expect(within(table(name)).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the page's checkbox (bulk actions)
      'Name',
      'Address',
      'Status',
      'Created At',
      'Actions',
    ])
  })

  it('shows the places newest first, the status as Active or Deactive and the date as YYYY-MM-DD', async () => {
    await openList(k)
    const places = placesDb(kind)
    expect(column(name, 0)).toEqual(places.slice(0, 10).map((p) => p.name))
    expect(column(name, 1)[0]).toBe(places[0]!.address)
    expect(column(name, 2).slice(0, 4)).toEqual(['Active', 'Active', 'Active', 'Deactive'])
    expect(column(name, 3)[0]).toBe('2025-06-30')
  })

  it(`is reached from the ${name} entry of the main menu`, async () => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Main menu' }))
    // The drawer's links (its code loads on this first press); the page behind it may link there too.
    await user.click(await within(await screen.findByRole('dialog')).findByRole('link', { name }))
    expect(await screen.findByRole('table', { name })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(path)
  })

  it(`shows "${empty}" when nothing matches`, async () => {
    renderRoute(`${path}?search=no-such-place`, { signedInAs: 'admin' })
    expect(await screen.findByText(empty)).toBeInTheDocument()
  })

  it('exports the places as filtered and searched now as a CSV download', async () => {
    const files = captureDownloads()
    const { user } = await openList(k, `${path}?filter=1&search=brigade`)
    const requests = trackRequests(`${api}/export`)
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(requests[0]!.get('search')).toBe('brigade')
    expect(requests[0]!.get('filter')).toBe('1')
    expect(files[0]!.name).toMatch(new RegExp(`^${stem}-\\d{4}-\\d{2}-\\d{2}\\.csv$`))
    const lines = await csvLinesOf(files[0]!)
    expect(lines[0]).toBe('Name,Address,Status,Created At')
    expect(lines.slice(1).every((line) => line.includes(',Active,'))).toBe(true)
  })
})

describe('the list state and the row links (the same for both kinds)', () => {
  it('searches pet shops by name and by address, one request for the typed text', async () => {
    const { user } = await openList(petShops)
    const requests = trackRequests(petShops.api)
    const target = placesDb('petShop')[2]!
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'furry')
    // Past the 500 ms search pause, with room for a busy machine.
    await waitFor(() => expect(column('Pet Shops', 0)).toEqual([target.name]))
    // Under load typing can outlast the debounce; the search that counts is the last one.
    expect(requests.at(-1)?.get('search')).toBe('furry')
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '3 Brigade Road{Enter}')
    await waitFor(() => expect(requests.at(-1)!.get('search')).toBe('3 Brigade Road'))
    await waitFor(() => expect(column('Pet Shops', 0)).toEqual([target.name]))
  })

  it('filters hospitals by status: Deactive sends filter 2, kept in the address, deactive ones only', async () => {
    const { user, router } = await openList(hospitals)
    const requests = trackRequests(hospitals.api)
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const choices = await screen.findByRole('group', { name: 'Status' })
    expect(within(choices).getAllByRole('radio').map((o) => o.closest('label')?.textContent)).toEqual(['All', 'Active', 'Deactive'])
    await user.click(within(choices).getByRole('radio', { name: 'Deactive' }))
    const deactive = placesDb('hospital').filter((p) => p.status === PLACE_STATUS.DEACTIVE)
    await waitFor(() => expect(column('Hospitals', 0)).toEqual(deactive.map((p) => p.name)))
    expect(column('Hospitals', 2)).toEqual(deactive.map(() => 'Deactive'))
    expect(requests.at(-1)!.get('filter')).toBe('2')
    expect(router.state.location.search).toEqual({ filter: 2 })
    expect(screen.getByRole('button', { name: 'Filters (active)' })).toBeInTheDocument()
  })

  it('opens pet shops filtered from an address that holds the filter', async () => {
    const requests = trackRequests(petShops.api)
    await openList(petShops, '/pet-shops?filter=1')
    expect(requests[0]!.get('filter')).toBe('1')
    expect(column('Pet Shops', 2).every((status) => status === 'Active')).toBe(true)
    expect(screen.getByRole('button', { name: 'Filters (active)' })).toBeInTheDocument()
  })

  it.each([petShops, hospitals])('opens a place’s details from the view link on $name, fetched ahead on hover', async (k) => {
    const { user, router } = await openList(k)
    const place = placesDb(k.kind)[0]!
    const link = screen.getByRole('link', { name: `View ${place.name}` })
    const requests = trackRequests(`/place/admin/${k.singular}/${place._id}`)
    await user.hover(link)
    await waitFor(() => expect(requests).toHaveLength(1))
    await user.click(link)
    expect(await screen.findByRole('heading', { level: 1, name: place.name })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`${k.path}/details/${place._id}`)
    expect(requests).toHaveLength(1)
  })
})
