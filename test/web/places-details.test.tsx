import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { PLACE_STATUS, PLACES_MSG, type PlaceKind } from '@contract'
import { api, fail } from './mocks/db'
import { placesDb } from './mocks/handlers/places'
import { gate, trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/**
 * /pet-shops/details/:id and /hospitals/details/:id: one details page, parameterised by kind.
 * What the kind decides (names, paths, texts) is checked on both; the rest once, on one of them.
 */

type Kind = { kind: PlaceKind; path: string; name: string; singular: string; notFound: string }
const petShops: Kind = { kind: 'petShop', path: '/pet-shops', name: 'Pet Shops', singular: 'pet-shop', notFound: PLACES_MSG.petShop.notFound }
const hospitals: Kind = { kind: 'hospital', path: '/hospitals', name: 'Hospitals', singular: 'hospital', notFound: PLACES_MSG.hospital.notFound }

/** The value shown for a label of the details' definition list. */
function field(label: string) {
  const term = within(screen.getByRole('region', { name: 'Details' })).getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

async function openDetails({ kind, path }: Kind, index: number, role: 'admin' | 'subAdmin' = 'admin') {
  const place = placesDb(kind)[index]!
  const view = renderRoute(`${path}/details/${place._id}`, { signedInAs: role })
  await screen.findByRole('region', { name: 'Details' })
  return { ...view, place }
}

afterEach(() => vi.restoreAllMocks())

describe.each([petShops, hospitals])('$name details', (k) => {
  const { kind, path, name, notFound } = k

  it('shows the name, logo, description, discount, address, coordinates, status and dates', async () => {
    const { place } = await openDetails(k, 0)
    expect(screen.getByRole('heading', { level: 1, name: place.name })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: `${place.name} logo` })).toHaveAttribute('src', place.logo)
    expect(field('Description')).toHaveTextContent(place.description)
    expect(field('Discount Title')).toHaveTextContent(place.discount_title!)
    expect(field('Discount Description')).toHaveTextContent(place.discount_description!)
    expect(field('Address')).toHaveTextContent(place.address)
    expect(field('Latitude')).toHaveTextContent(String(place.latitude))
    expect(field('Longitude')).toHaveTextContent(String(place.longitude))
    expect(field('Status')).toHaveTextContent('Active')
    expect(field('Created At')).toHaveTextContent(/^2025-06-30, \d{2}:\d{2}$/)
    expect(field('Updated At')).toHaveTextContent(/^\d{4}-\d{2}-\d{2}, \d{2}:\d{2}$/)
    expect(screen.getByRole('link', { name: 'View on map (opens in a new tab)' })).toHaveAttribute(
      'href',
      expect.stringContaining(`${place.latitude},${place.longitude}`),
    )
  })

  it(`shows the trail ${name} > the place’s name, ${name} linking back to the list`, async () => {
    const { place } = await openDetails(k, 0)
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual([name, place.name])
    expect(within(trail).getByRole('link', { name })).toHaveAttribute('href', path)
  })

  it('deletes after confirming, shows the server message and goes back to the list, without the place', async () => {
    const { user, router, place } = await openDetails(k, 2)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(PLACES_MSG[kind].deleted)).toBeInTheDocument()
    await screen.findByRole('table', { name })
    expect(router.state.location.pathname).toBe(path)
    await screen.findByRole('cell', { name: placesDb(kind)[0]!.name })
    expect(screen.queryByRole('cell', { name: place.name })).not.toBeInTheDocument()
  })

  it('says the place was not found for an unknown id, inside the layout, with a way back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, router } = renderRoute(`${path}/details/6a7b8c9d-0000-4000-8000-999999999999`, { signedInAs: 'admin' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: notFound })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Main menu' })).toBeInTheDocument()
    await user.click(within(alert).getByRole('link', { name: `Back to ${name}` }))
    await screen.findByRole('table', { name })
    expect(router.state.location.pathname).toBe(path)
  })
})

describe('place details, either kind', () => {
  it('shows a pet shop’s images as a gallery named Image 1, Image 2...', async () => {
    const { place } = await openDetails(petShops, 0)
    const gallery = screen.getByRole('region', { name: 'Images' })
    const images = within(gallery).getAllByRole('img')
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Image 1', 'Image 2', 'Image 3'])
    expect(images.map((img) => img.getAttribute('src'))).toEqual(place.images)
  })

  it('shows a placeholder, still named Image n, for an image that fails to load', async () => {
    await openDetails(petShops, 0)
    const gallery = screen.getByRole('region', { name: 'Images' })
    fireEvent.error(within(gallery).getByRole('img', { name: 'Image 2' }))
    const placeholder = within(gallery).getByRole('img', { name: 'Image 2' })
    expect(placeholder.tagName).toBe('SPAN')
    expect(within(gallery).getByRole('img', { name: 'Image 1' }).tagName).toBe('IMG')
  })

  it('shows dashes for what a hospital lacks, no logo, no map link, and says there are no images', async () => {
    const { place } = await openDetails(hospitals, 1)
    expect(screen.queryByRole('img', { name: `${place.name} logo` })).not.toBeInTheDocument()
    // In the logo's place, an image the panel ships, not an emoji (an empty box without an emoji font).
    const placeholder = screen.getByRole('img', { name: `${place.name}: no logo` })
    expect(placeholder).toHaveAttribute('src', '/images/place-placeholder.svg')
    expect(screen.getByRole('heading', { level: 1 }).closest('section')).not.toHaveTextContent(/\p{Extended_Pictographic}/u)
    // The file public/ ships (the tests run from the repository's root).
    const shipped = readFileSync(join(process.cwd(), 'public/images/place-placeholder.svg'), 'utf8')
    expect(shipped.startsWith('<svg')).toBe(true)
    expect(shipped.length).toBeLessThan(1024)
    for (const label of ['Discount Title', 'Discount Description', 'Latitude', 'Longitude']) {
      expect(field(label)).toHaveTextContent('--')
    }
    expect(screen.queryByRole('link', { name: /View on map/ })).not.toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Images' })).getByText('No images added yet.')).toBeInTheDocument()
  })

  it('toggles a hospital’s status at once with the switch, and puts it back when the change fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, place } = await openDetails(hospitals, 0)
    const toggle = screen.getByRole('switch', { name: 'Active' })
    expect(toggle).toBeChecked()
    await user.click(toggle)
    expect(toggle).not.toBeChecked()
    expect(field('Status')).toHaveTextContent('Deactive')
    expect(await screen.findByText(PLACES_MSG.hospital.statusUpdated)).toBeInTheDocument()
    expect(placesDb('hospital')[0]!.status).toBe(PLACE_STATUS.DEACTIVE)

    const held = gate()
    server.use(
      http.patch(api('/place/hospital/:id'), async () => {
        await held.wait()
        return fail('INTERNAL', 'Something broke')
      }),
    )
    await user.click(screen.getByRole('switch', { name: 'Active' }))
    expect(field('Status')).toHaveTextContent('Active')
    held.open()
    expect(await screen.findByText('Something broke')).toBeInTheDocument()
    await waitFor(() => expect(field('Status')).toHaveTextContent('Deactive'))
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked()
    expect(placesDb('hospital').find((p) => p._id === place._id)!.status).toBe(PLACE_STATUS.DEACTIVE)
  })

  it('shows a sub admin the status switch but no Delete button', async () => {
    await openDetails(petShops, 0, 'subAdmin')
    expect(screen.getByRole('switch', { name: 'Active' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
  })

  it('treats an address id that cannot be an id as not found, without asking the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const requests = trackRequests('/place/admin/hospital/not-an-id')
    renderRoute('/hospitals/details/not-an-id', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: PLACES_MSG.hospital.notFound })).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })
})
