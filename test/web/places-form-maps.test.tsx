import { screen, waitFor, within } from '@testing-library/react'
import { resetGoogleMapsLoader } from '@/components/form/googleMaps'
import { placesDb } from './mocks/handlers/places'
import { UPLOAD_URL } from './mocks/handlers/uploads'
import { BENGALURU, places, resetPlaces } from './mocks/places-autocomplete'
import { server } from './mocks/server'
import { renderRoute } from './render'

/**
 * The place form with a Google Maps key: the address is searched (use-places-autocomplete, here
 * scripted by the test) and a chosen place fills the address, latitude and longitude (spec
 * section 2: formatted_address is the name plus the address).
 */
vi.mock('use-places-autocomplete', () => import('./mocks/places-autocomplete'))

const LATITUDE_MSG = 'This address does not support Latitude please select any famous landmark'
const LALBAGH = 'Lalbagh Botanical Garden, Mavalli, Bengaluru, Karnataka 560004, India'

type MapsWindow = { google?: unknown }
beforeEach(() => {
  vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', 'test-key')
  resetPlaces(BENGALURU)
  // The Maps script is "loaded" already: the loader adds no script tag.
  ;(window as MapsWindow).google = { maps: { places: {} } }
})
afterEach(() => {
  vi.unstubAllEnvs()
  delete (window as MapsWindow).google
  resetGoogleMapsLoader()
})

async function openAdd(path = '/pet-shops/add') {
  const view = renderRoute(path, { signedInAs: 'admin' })
  const address = await screen.findByRole('combobox', { name: 'Address' }, { timeout: 3000 })
  await waitFor(() => expect(places.inits).toBe(1))
  return { ...view, address }
}

const errorOf = (el: HTMLElement) => {
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').filter(Boolean).at(-1)
}

function captureBodies(method: 'POST' | 'PUT') {
  const bodies: unknown[] = []
  const listener = async ({ request }: { request: Request }) => {
    if (request.method === method && new URL(request.url).pathname.startsWith('/api/v1/place/')) bodies.push(await request.clone().json())
  }
  server.events.on('request:start', listener)
  onTestFinished(() => server.events.removeListener('request:start', listener))
  return bodies
}

describe('the address search (a Google Maps key is configured)', () => {
  it('searches as you type (debounced by use-places-autocomplete) and hides the coordinate inputs', async () => {
    const { user, address } = await openAdd()
    expect(places.options).toEqual({ initOnMount: false, debounce: 300 })
    expect(screen.queryByLabelText('Latitude')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Longitude')).not.toBeInTheDocument()
    expect(screen.getByText('Start typing, then choose the place from the suggestions.')).toBeInTheDocument()
    await user.type(address, 'Bengaluru')
    const list = await screen.findByRole('listbox')
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Lalbagh Botanical GardenMavalli, Bengaluru, Karnataka, India',
      'Cubbon ParkKasturba Road, Bengaluru, Karnataka, India',
      'Bengaluru Nowhere LaneKarnataka, India',
      'Bengaluru Misty CornerKarnataka, India',
    ])
    expect(screen.getByText('4 suggestions')).toBeInTheDocument()
  })

  it('fills the address (name plus address), latitude and longitude from a suggestion chosen with the keyboard, and sends them', async () => {
    const { user, address } = await openAdd()
    const bodies = captureBodies('POST')
    await user.type(address, 'Lalbagh')
    await screen.findByRole('option', { name: /^Lalbagh Botanical Garden/ })
    // The first suggestion is active once the list opens: Enter chooses it (and does not move on).
    await user.keyboard('{Enter}')
    await waitFor(() => expect(address).toHaveValue(LALBAGH))
    expect(address).toHaveFocus()
    expect(places.geocoded).toEqual(['lalbagh'])
    expect(await screen.findByText('Location: 12.9507, 77.5848')).toBeInTheDocument()
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()

    await user.type(screen.getByLabelText('Name'), 'Garden Pets')
    await user.type(screen.getByLabelText('Description'), 'Pets by the park.')
    await user.upload(screen.getByLabelText('Add images'), new File([new Uint8Array(100)], 'a.png', { type: 'image/png' }))
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Add Pet Shop' }))
    expect(await screen.findByText('Pet shop added successfully')).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        name: 'Garden Pets',
        description: 'Pets by the park.',
        discount_title: '',
        discount_description: '',
        address: LALBAGH,
        latitude: 12.9507,
        longitude: 77.5848,
        images: [`${UPLOAD_URL}place/1.png`],
      },
    ])
  })

  it('takes a suggestion chosen with a click the same way', async () => {
    const { user, address } = await openAdd('/hospitals/add')
    await user.type(address, 'Cubbon')
    await user.click(await screen.findByRole('option', { name: /^Cubbon Park/ }))
    await waitFor(() => expect(address).toHaveValue('Cubbon Park, Kasturba Road, Bengaluru, Karnataka 560001, India'))
    expect(await screen.findByText('Location: 12.9763, 77.5929')).toBeInTheDocument()
    expect(errorOf(address)).toBe('Location: 12.9763, 77.5929')
  })

  it.each([
    ['Google cannot geocode the place', 'Nowhere', 'Bengaluru Nowhere Lane, Karnataka, India'],
    ['the place has no geometry', 'Misty', 'Bengaluru Misty Corner, Karnataka, India'],
  ])('shows the latitude message under the address when %s: the coordinates stay -1', async (_why, text, value) => {
    const { user, address } = await openAdd()
    await user.type(address, text)
    await user.click(await screen.findByRole('option', { name: new RegExp(text) }))
    await waitFor(() => expect(address).toHaveValue(value))
    await waitFor(() => expect(errorOf(address)).toBe(LATITUDE_MSG))
    expect(address).toHaveAttribute('aria-invalid', 'true')
  })

  it('forgets the location when the address is typed over, until a place is chosen; typing it back restores it', async () => {
    const { user, address } = await openAdd()
    await user.type(address, 'Lalbagh')
    await user.click(await screen.findByRole('option', { name: /^Lalbagh/ }))
    await screen.findByText('Location: 12.9507, 77.5848')
    await user.type(address, ' Gate 2')
    await user.tab()
    expect(errorOf(address)).toBe(LATITUDE_MSG)
    await user.click(address)
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}')
    expect(address).toHaveValue(LALBAGH)
    expect(await screen.findByText('Location: 12.9507, 77.5848')).toBeInTheDocument()
    expect(address).not.toHaveAttribute('aria-invalid')
  })

  it('says when no place matches', async () => {
    const { user, address } = await openAdd()
    await user.type(address, 'Atlantis')
    expect(await screen.findByText('No places match. Try a well-known landmark nearby.')).toBeInTheDocument()
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('falls back to typing the address and coordinates when Google refuses the key', async () => {
    places.status = 'REQUEST_DENIED'
    const { user, address } = await openAdd()
    await user.type(address, 'Lal')
    expect(
      await screen.findByText('Address search could not be loaded. Type the address and enter its latitude and longitude.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Latitude')).toBeInTheDocument()
    expect(screen.getByLabelText('Longitude')).toBeInTheDocument()
  })

  it('keeps an edited place’s location when its address is left alone', async () => {
    const place = structuredClone(placesDb('hospital')[0]!)
    const bodies = captureBodies('PUT')
    const { user, address } = await openAdd(`/hospitals/edit/${place._id}`)
    expect(address).toHaveValue(place.address)
    expect(screen.getByText(`Location: ${place.latitude}, ${place.longitude}`)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Hospital updated successfully')).toBeInTheDocument()
    expect(bodies[0]).toMatchObject({ address: place.address, latitude: place.latitude, longitude: place.longitude })
  })
})
