import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { placeFields } from '@contract'
import { AddressPicker } from '@/components/form/AddressPicker'
import { addressComponents, nameAndAddress, pickedPlace, type PickedPlace } from '@/components/form/address'
import { Form } from '@/components/form/Form'
import { MAPS_CALLBACK, MAPS_SCRIPT_ID, loadGoogleMapsPlaces, resetGoogleMapsLoader } from '@/components/form/googleMaps'
import { PLACE_FIELDS, SUGGESTIONS_DEBOUNCE_MS, isRefusal, useNewPlaceSearch } from '@/components/form/placeSearch'
import { BENGALURU, fakeGoogle, maps, resetMaps } from './mocks/google-maps'

/**
 * The address picker on its own (components/form/AddressPicker): the result it builds
 * (formatted_address is the name plus the address, an address list of component type
 * to long name, lat and lng), the Google loader (once, lazily), the field in a small form, and
 * which of Google's place searches it uses (a scripted `google.maps`, mocks/google-maps.ts).
 */

type MapsWindow = { google?: unknown; [key: string]: unknown }
const mapsWindow = () => window as unknown as MapsWindow
const scripts = () => document.querySelectorAll(`script#${MAPS_SCRIPT_ID}`)

const UNAVAILABLE_MSG = 'Address search could not be loaded. Type the address and enter its latitude and longitude.'
const LOADING = 'Loading address search…'
/** What picking Cubbon Park (BENGALURU) hands the form, whichever search found it. */
const CUBBON_PARK_PICKED = {
  formatted_address: 'Cubbon Park, Kasturba Road, Bengaluru, Karnataka 560001, India',
  address: { locality: 'Bengaluru' },
  lat: 12.9763,
  lng: 77.5929,
}

beforeEach(() => resetMaps(BENGALURU))
afterEach(() => {
  delete mapsWindow().google
  resetGoogleMapsLoader()
})

const schema = placeFields('petShop').pick({ address: true, latitude: true, longitude: true })
type Values = { address: string; latitude: number; longitude: number }

function AddressForm({ apiKey, onPick, onSave }: { apiKey: string; onPick?: (p: PickedPlace) => void; onSave: (v: Values) => void }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: { address: '', latitude: -1, longitude: -1 } })
  return (
    <Form onSubmit={form.handleSubmit(onSave)}>
      <AddressPicker form={form} name="address" latitude="latitude" longitude="longitude" apiKey={apiKey} onPick={onPick} />
      <button type="submit">Save</button>
    </Form>
  )
}

function renderForm(apiKey: string) {
  const onPick = vi.fn()
  const onSave = vi.fn()
  const user = userEvent.setup()
  const view = render(<AddressForm apiKey={apiKey} onPick={onPick} onSave={onSave} />)
  return { user, onPick, onSave, unmount: view.unmount }
}

/** The form with the Maps script on the page already, once its search is ready. */
async function renderSearching() {
  mapsWindow().google = fakeGoogle()
  const view = renderForm('my-key')
  const address = await screen.findByRole('combobox', { name: 'Address' })
  await waitFor(() => expect(address).not.toHaveAttribute('placeholder', LOADING))
  return { ...view, address }
}

describe('the picked place', () => {
  const [lalbagh] = BENGALURU
  const geocode = lalbagh!.geocode as Exclude<(typeof BENGALURU)[number]['geocode'], 'ZERO_RESULTS'>

  it('carries the name plus the address, the address parts by type, lat and lng', () => {
    expect(pickedPlace(lalbagh!.suggestion, geocode, { lat: 12.9507, lng: 77.5848 })).toEqual({
      formatted_address: 'Lalbagh Botanical Garden, Mavalli, Bengaluru, Karnataka 560004, India',
      address: {
        sublocality_level_1: 'Mavalli',
        locality: 'Bengaluru',
        administrative_area_level_1: 'Karnataka',
        country: 'India',
        postal_code: '560004',
      },
      lat: 12.9507,
      lng: 77.5848,
    })
  })

  it('has -1 for coordinates it could not find, and the suggestion’s text for an address it could not geocode', () => {
    expect(pickedPlace(lalbagh!.suggestion, undefined, undefined)).toEqual({
      formatted_address: 'Lalbagh Botanical Garden, Mavalli, Bengaluru, Karnataka, India',
      address: {},
      lat: -1,
      lng: -1,
    })
  })

  it('takes the place’s own name over the suggestion’s when the service gives one', () => {
    expect(pickedPlace(lalbagh!.suggestion, { ...geocode, name: 'Lalbagh' }, { lat: 12.9507, lng: 77.5848 }).formatted_address).toBe(
      'Lalbagh, Mavalli, Bengaluru, Karnataka 560004, India',
    )
  })

  it('does not repeat a name the address already starts with', () => {
    expect(nameAndAddress('12 Brigade Road', '12 Brigade Road, Bengaluru')).toBe('12 Brigade Road, Bengaluru')
    expect(nameAndAddress('Cubbon Park', 'Kasturba Road, Bengaluru')).toBe('Cubbon Park, Kasturba Road, Bengaluru')
    expect(nameAndAddress(undefined, 'Kasturba Road')).toBe('Kasturba Road')
  })

  it('keeps the first component of each type', () => {
    expect(
      addressComponents({
        address_components: [
          { long_name: 'Bengaluru', types: ['locality', 'political'] },
          { long_name: 'Bangalore Urban', types: ['locality'] },
        ],
      }),
    ).toEqual({ locality: 'Bengaluru' })
  })
})

describe('the Google Maps loader', () => {
  it('adds one script tag for the places library with the key, however many pickers ask', async () => {
    const first = loadGoogleMapsPlaces('my-key')
    const second = loadGoogleMapsPlaces('my-key')
    expect(scripts()).toHaveLength(1)
    const url = new URL((scripts()[0] as HTMLScriptElement).src)
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ key: 'my-key', libraries: 'places', loading: 'async', callback: MAPS_CALLBACK })
    // Google calls back once its script (and the places library) is there.
    mapsWindow().google = { maps: { places: {}, importLibrary: () => Promise.resolve({}) } }
    ;(mapsWindow()[MAPS_CALLBACK] as () => void)()
    await expect(first).resolves.toBeUndefined()
    await expect(second).resolves.toBeUndefined()
    await expect(loadGoogleMapsPlaces('my-key')).resolves.toBeUndefined()
    expect(scripts()).toHaveLength(1)
  })

  it('rejects when the script cannot load, and tries again on the next ask', async () => {
    const first = loadGoogleMapsPlaces('my-key')
    ;(scripts()[0] as HTMLScriptElement).dispatchEvent(new Event('error'))
    await expect(first).rejects.toThrow('The Google Maps script could not be loaded')
    expect(scripts()).toHaveLength(0)
    void loadGoogleMapsPlaces('my-key').catch(() => {})
    expect(scripts()).toHaveLength(1)
  })

  it('adds nothing when the places library is on the page already', async () => {
    mapsWindow().google = { maps: { places: {} } }
    await loadGoogleMapsPlaces('my-key')
    expect(scripts()).toHaveLength(0)
  })
})

// The field tests type and wait out the real search debounce: more than 5 s on a busy machine.
describe('the address field', { timeout: 15_000 }, () => {
  it('without a key: says the search is off, never loads Google, and takes typed coordinates', async () => {
    const { user, onSave } = renderForm('')
    expect(
      screen.getByText('Address search is off because no Google Maps key is configured. Type the address and enter its latitude and longitude.'),
    ).toBeInTheDocument()
    expect(scripts()).toHaveLength(0)
    await user.type(screen.getByLabelText('Address'), 'MG Road, Bengaluru')
    await user.type(screen.getByLabelText('Latitude'), '12.9756')
    await user.type(screen.getByLabelText('Longitude'), '77.6066')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onSave.mock.calls[0]![0]).toEqual({ address: 'MG Road, Bengaluru', latitude: 12.9756, longitude: 77.6066 })
  })

  it('with a key: loads the Google script when it mounts, and searches once it has loaded', async () => {
    const { user } = renderForm('my-key')
    const address = await screen.findByRole('combobox', { name: 'Address' })
    await waitFor(() => expect(scripts()).toHaveLength(1))
    expect(address).toHaveAttribute('placeholder', LOADING)
    mapsWindow().google = fakeGoogle()
    ;(mapsWindow()[MAPS_CALLBACK] as () => void)()
    await waitFor(() => expect(address).not.toHaveAttribute('placeholder', LOADING))
    await user.type(address, 'Cubbon')
    expect(await screen.findByRole('option', { name: /^Cubbon Park/ })).toBeInTheDocument()
  })

  it('is an accessible combobox: the list opens as you type, arrows move, Escape closes, Enter chooses', async () => {
    const { user, onPick, onSave, address } = await renderSearching()
    await user.type(address, 'Park')
    expect(await screen.findByRole('listbox')).toBeInTheDocument()
    expect(address).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    expect(address).toHaveValue('Park')
    await user.clear(address)
    await user.type(address, 'Bengaluru')
    await screen.findByRole('option', { name: /^Lalbagh/ })
    // The first suggestion is active as soon as the list opens; the arrows move from there.
    expect(address).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /^Lalbagh/ }).id)
    await user.keyboard('{ArrowDown}')
    expect(address).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /^Cubbon Park/ }).id)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1))
    expect(onPick).toHaveBeenCalledWith(CUBBON_PARK_PICKED)
    expect(address).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onSave.mock.calls[0]![0]).toEqual({
      address: 'Cubbon Park, Kasturba Road, Bengaluru, Karnataka 560001, India',
      latitude: 12.9763,
      longitude: 77.5929,
    })
  })

  it('falls back to typing when the Google script cannot load', async () => {
    renderForm('my-key')
    await screen.findByRole('combobox', { name: 'Address' })
    await waitFor(() => expect(scripts()).toHaveLength(1))
    ;(scripts()[0] as HTMLScriptElement).dispatchEvent(new Event('error'))
    expect(
      await screen.findByText('Address search could not be loaded. Type the address and enter its latitude and longitude.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Latitude')).toBeInTheDocument()
  })

  it('falls back to typing when the page’s Google has neither search', async () => {
    maps.legacy = 'absent'
    maps.new = 'absent'
    mapsWindow().google = fakeGoogle()
    renderForm('my-key')
    expect(await screen.findByText(UNAVAILABLE_MSG)).toBeInTheDocument()
    expect(screen.getByLabelText('Latitude')).toBeInTheDocument()
  })
})

// These type and wait out the real search debounce too, once per search service.
describe('which of Google’s place searches the field uses', { timeout: 15_000 }, () => {
  it('gives the same place, with the place’s fields asked for, through Places API (New) when the legacy service is refused', async () => {
    maps.legacy = 'REQUEST_DENIED'
    const { user, onPick, address } = await renderSearching()
    await user.type(address, 'Cubbon')
    await user.click(await screen.findByRole('option', { name: /^Cubbon Park/ }))
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1))
    expect(onPick).toHaveBeenCalledWith(CUBBON_PARK_PICKED)
    expect(maps.fetched).toEqual([{ placeId: 'cubbon', token: expect.any(Number), fields: PLACE_FIELDS }])
    expect([...PLACE_FIELDS].sort()).toEqual(['addressComponents', 'displayName', 'formattedAddress', 'location'])
  })

  it('goes straight to Places API (New) when the page’s Google has no legacy service', async () => {
    maps.legacy = 'absent'
    const { user, address } = await renderSearching()
    await user.type(address, 'Lalbagh')
    expect(await screen.findByRole('option', { name: /^Lalbagh/ })).toBeInTheDocument()
    expect(maps.legacyInputs).toEqual([])
  })

  it('finds Places API (New) through importLibrary even when the places namespace does not show it', async () => {
    maps.legacy = 'absent'
    const google = fakeGoogle()
    mapsWindow().google = { maps: { ...google.maps, places: {} } }
    const { user } = renderForm('my-key')
    const address = await screen.findByRole('combobox', { name: 'Address' })
    await waitFor(() => expect(address).not.toHaveAttribute('placeholder', LOADING))
    await user.type(address, 'Cubbon')
    expect(await screen.findByRole('option', { name: /^Cubbon Park/ })).toBeInTheDocument()
  })

  it('keeps one session token for a typing session, sends it with the chosen place, and starts a new one after the choice', async () => {
    maps.legacy = 'absent'
    const { user, onPick, address } = await renderSearching()
    await user.type(address, 'Park')
    await screen.findByRole('option', { name: /^Cubbon Park/ })
    await user.clear(address)
    await user.type(address, 'Lalbagh')
    await screen.findByRole('option', { name: /^Lalbagh/ })
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1))
    const session = maps.newRequests.map((r) => r.token)
    expect(session.length).toBeGreaterThanOrEqual(2)
    expect(new Set(session)).toEqual(new Set([session[0]]))
    expect(session[0]).toEqual(expect.any(Number))
    expect(maps.fetched).toEqual([{ placeId: 'lalbagh', token: session[0], fields: PLACE_FIELDS }])

    await user.clear(address)
    await user.type(address, 'Cubbon')
    await screen.findByRole('option', { name: /^Cubbon Park/ })
    const next = maps.newRequests.slice(session.length).map((r) => r.token)
    expect(next.length).toBeGreaterThanOrEqual(1)
    expect(next[0]).not.toBe(session[0])
    expect(new Set(next)).toEqual(new Set([next[0]]))
  })

  it('keeps searching after a passing failure on Google’s side (no fallback, no message)', async () => {
    maps.legacy = 'absent'
    maps.new = 'SERVER_ERROR'
    const { user, address } = await renderSearching()
    await user.type(address, 'Lal')
    await waitFor(() => expect(maps.newRequests).toHaveLength(1))
    maps.new = 'OK'
    await user.type(address, 'bagh')
    expect(await screen.findByRole('option', { name: /^Lalbagh/ })).toBeInTheDocument()
    expect(screen.queryByText(UNAVAILABLE_MSG)).not.toBeInTheDocument()
  })

  it('says once that search is unavailable when both are refused, and the next field on the page asks neither again', async () => {
    maps.legacy = 'REQUEST_DENIED'
    maps.new = 'REQUEST_DENIED'
    const { user, address, unmount } = await renderSearching()
    await user.type(address, 'Lal')
    expect(await screen.findByText(UNAVAILABLE_MSG)).toBeInTheDocument()
    expect(screen.getAllByText(UNAVAILABLE_MSG)).toHaveLength(1)
    expect(screen.getByLabelText('Latitude')).toBeInTheDocument()
    expect(screen.getByLabelText('Address')).toHaveValue('Lal')
    unmount()

    const asked = { legacy: maps.legacyInputs.length, new: maps.newRequests.length }
    renderForm('my-key')
    expect(await screen.findByText(UNAVAILABLE_MSG)).toBeInTheDocument()
    expect(screen.getByLabelText('Longitude')).toBeInTheDocument()
    expect({ legacy: maps.legacyInputs.length, new: maps.newRequests.length }).toEqual(asked)
  })

  it('lets the next field on the page go straight to Places API (New) once the legacy service was refused', async () => {
    maps.legacy = 'REQUEST_DENIED'
    const first = await renderSearching()
    await first.user.type(first.address, 'Lal')
    await screen.findByRole('option', { name: /^Lalbagh/ })
    first.unmount()

    const asked = maps.legacyInputs.length
    const { user, address } = await renderSearching()
    await user.type(address, 'Cubbon')
    expect(await screen.findByRole('option', { name: /^Cubbon Park/ })).toBeInTheDocument()
    expect(maps.legacyInputs).toHaveLength(asked)
  })
})

describe('Places API (New) behind the field', () => {
  beforeEach(() => {
    mapsWindow().google = fakeGoogle()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks once the typing pauses, for the last text only', async () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useNewPlaceSearch(true))
    act(() => {
      result.current.search('L')
      result.current.search('La')
      result.current.search('Lal')
    })
    await act(() => vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS - 1))
    expect(maps.newRequests).toEqual([])
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(maps.newRequests.map((r) => r.input)).toEqual(['Lal'])
    expect(result.current.status).toBe('OK')
    expect(result.current.suggestions.map((s) => s.place_id)).toEqual(['lalbagh'])
  })

  it('asks nothing for empty text, and drops a request the person typed past', async () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useNewPlaceSearch(true))
    act(() => result.current.search('   '))
    await act(() => vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS))
    expect(maps.newRequests).toEqual([])
    act(() => result.current.search('Cubbon'))
    act(() => result.current.clear())
    await act(() => vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS))
    expect(maps.newRequests).toEqual([])
    expect(result.current.suggestions).toEqual([])
  })

  it('counts a request error as a refusal, and a server or network fault as passing', () => {
    const error = (name: string) => Object.assign(new Error('x'), { name })
    expect(isRefusal(error('MapsRequestError'))).toBe(true)
    expect(isRefusal(new TypeError('AutocompleteSuggestion is not a constructor'))).toBe(true)
    expect(isRefusal(error('MapsServerError'))).toBe(false)
    expect(isRefusal(error('MapsNetworkError'))).toBe(false)
  })
})
