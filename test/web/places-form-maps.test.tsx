import { screen, waitFor, within } from '@testing-library/react'
import { resetGoogleMapsLoader } from '@/components/form/googleMaps'
import { BENGALURU, fakeGoogle, maps, resetMaps } from './mocks/google-maps'
import { placesDb } from './mocks/handlers/places'
import { UPLOAD_URL } from './mocks/handlers/uploads'
import { captureBodies } from './mocks/requests'
import { renderRoute } from './render'

/**
 * The place form with a Google Maps key: the address is searched (the real use-places-autocomplete,
 * or Places API (New) when Google refuses the legacy service, over a scripted `google.maps`) and a
 * chosen place fills the address, latitude and longitude (formatted_address is the name plus the
 * address).
 */

const LATITUDE_MSG = 'This address does not support Latitude please select any famous landmark'
const UNAVAILABLE_MSG = 'Address search could not be loaded. Type the address and enter its latitude and longitude.'
const LALBAGH = 'Lalbagh Botanical Garden, Mavalli, Bengaluru, Karnataka 560004, India'

type MapsWindow = { google?: unknown }
beforeEach(() => {
  vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', 'test-key')
  resetMaps(BENGALURU)
})
afterEach(() => {
  vi.unstubAllEnvs()
  delete (window as MapsWindow).google
  resetGoogleMapsLoader()
})

/** The two ways a key can search: the legacy service, or Places API (New) once the legacy one is refused. */
const SEARCHES = [
  ['the legacy service', () => {}],
  ['Places API (New), when Google refuses the legacy service', () => void (maps.legacy = 'REQUEST_DENIED')],
] as const

/** The form with the Maps script "loaded" already (the loader adds no script tag), once the search is ready. */
async function openAdd(path = '/pet-shops/add') {
  ;(window as MapsWindow).google = fakeGoogle()
  const view = renderRoute(path, { signedInAs: 'admin' })
  const address = await screen.findByRole('combobox', { name: 'Address' })
  await waitFor(() => expect(address).not.toHaveAttribute('placeholder', 'Loading address search…'))
  return { ...view, address }
}

/** With the address set, fill the rest of the pet shop form (Garden Pets, one image) and add it. */
async function addGardenPets(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Garden Pets')
  await user.type(screen.getByLabelText('Description'), 'Pets by the park.')
  await user.upload(screen.getByLabelText('Add images'), new File([new Uint8Array(100)], 'a.png', { type: 'image/png' }))
  await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
  await user.click(screen.getByRole('button', { name: 'Add Pet Shop' }))
  expect(await screen.findByText('Pet shop added successfully')).toBeInTheDocument()
}

const errorOf = (el: HTMLElement) => {
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').filter(Boolean).at(-1)
}

// Each test types, waits out the real search debounce (twice when the legacy service is refused
// first) and often fills and sends the whole form: more than the default 5 s on a busy machine.
describe.each(SEARCHES)('the address search with %s', { timeout: 15_000 }, (_search, script) => {
  beforeEach(script)

  it('searches as you type and hides the coordinate inputs', async () => {
    const { user, address } = await openAdd()
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
    expect(screen.queryByText(UNAVAILABLE_MSG)).not.toBeInTheDocument()
  })

  it('fills the address (name plus address), latitude and longitude from a suggestion chosen with the keyboard, and sends them', async () => {
    const { user, address } = await openAdd()
    const bodies = captureBodies('POST', '/place', { below: true })
    await user.type(address, 'Lalbagh')
    await screen.findByRole('option', { name: /^Lalbagh Botanical Garden/ })
    // The first suggestion is active once the list opens: Enter chooses it (and does not move on).
    await user.keyboard('{Enter}')
    await waitFor(() => expect(address).toHaveValue(LALBAGH))
    expect(address).toHaveFocus()
    expect(await screen.findByText('Location: 12.9507, 77.5848')).toBeInTheDocument()
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()

    await addGardenPets(user)
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
    ['Google cannot locate the place', 'Nowhere', 'Bengaluru Nowhere Lane, Karnataka, India'],
    ['the place has no geometry', 'Misty', 'Bengaluru Misty Corner, Karnataka, India'],
  ])('shows the latitude message under the address when %s: the coordinates stay -1', async (_why, text, value) => {
    const { user, address } = await openAdd()
    await user.type(address, text)
    await user.click(await screen.findByRole('option', { name: new RegExp(text) }))
    await waitFor(() => expect(address).toHaveValue(value))
    await waitFor(() => expect(errorOf(address)).toBe(LATITUDE_MSG))
    expect(address).toHaveAttribute('aria-invalid', 'true')
  })

  it('says when no place matches', async () => {
    const { user, address } = await openAdd()
    await user.type(address, 'Atlantis')
    expect(await screen.findByText('No places match. Try a well-known landmark nearby.')).toBeInTheDocument()
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })
})

// As above: typing, the real debounce, and the whole form sent.
describe('the address search (a Google Maps key is configured)', { timeout: 15_000 }, () => {
  it('asks the legacy service while the key has it, geocoding the chosen place', async () => {
    const { user, address } = await openAdd()
    await user.type(address, 'Lalbagh')
    await user.click(await screen.findByRole('option', { name: /^Lalbagh/ }))
    await screen.findByText('Location: 12.9507, 77.5848')
    expect(maps.legacyInputs.at(-1)).toBe('Lalbagh')
    expect(maps.geocoded).toEqual(['lalbagh'])
    expect(maps.newRequests).toEqual([])
  })

  it('asks Places API (New) for what was typed once the legacy service is refused, in the same input, and never the legacy one again', async () => {
    maps.legacy = 'REQUEST_DENIED'
    const { user, address } = await openAdd()
    await user.type(address, 'Lalbagh')
    await screen.findByRole('option', { name: /^Lalbagh/ })
    await waitFor(() => expect(maps.newRequests.at(-1)?.input).toBe('Lalbagh'))
    expect(address).toHaveFocus()
    const legacyAsked = maps.legacyInputs.length
    await user.type(address, ' Botanical')
    await waitFor(() => expect(maps.newRequests.at(-1)?.input).toBe('Lalbagh Botanical'))
    await user.click(await screen.findByRole('option', { name: /^Lalbagh/ }))
    await screen.findByText('Location: 12.9507, 77.5848')
    expect(maps.legacyInputs).toHaveLength(legacyAsked)
    expect(maps.geocoded).toEqual([])
    expect(maps.fetched.map((f) => f.placeId)).toEqual(['lalbagh'])
    expect(screen.queryByText(UNAVAILABLE_MSG)).not.toBeInTheDocument()
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

  it('says once that address search is unavailable, and takes typed coordinates, when Google refuses both searches', async () => {
    maps.legacy = 'REQUEST_DENIED'
    maps.new = 'REQUEST_DENIED'
    const bodies = captureBodies('POST', '/place', { below: true })
    const { user, address } = await openAdd()
    await user.type(address, 'Lal')
    expect(await screen.findByText(UNAVAILABLE_MSG)).toBeInTheDocument()
    expect(screen.getAllByText(UNAVAILABLE_MSG)).toHaveLength(1)
    expect(maps.newRequests.map((r) => r.input)).toEqual(['Lal'])
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    // What was typed stays; the coordinates are typed beside it.
    const typed = screen.getByLabelText('Address')
    expect(typed).toHaveValue('Lal')
    await user.type(typed, 'bagh Gate 2, Bengaluru')
    await user.type(screen.getByLabelText('Latitude'), '12.9507')
    await user.type(screen.getByLabelText('Longitude'), '77.5848')
    await addGardenPets(user)
    expect(bodies[0]).toMatchObject({ address: 'Lalbagh Gate 2, Bengaluru', latitude: 12.9507, longitude: 77.5848 })
  })

  it('keeps an edited place’s location when its address is left alone', async () => {
    const place = structuredClone(placesDb('hospital')[0]!)
    const bodies = captureBodies('PUT', '/place', { below: true })
    const { user, address } = await openAdd(`/hospitals/edit/${place._id}`)
    expect(address).toHaveValue(place.address)
    expect(screen.getByText(`Location: ${place.latitude}, ${place.longitude}`)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Hospital updated successfully')).toBeInTheDocument()
    expect(bodies[0]).toMatchObject({ address: place.address, latitude: place.latitude, longitude: place.longitude })
  })
})
