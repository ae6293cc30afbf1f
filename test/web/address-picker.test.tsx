import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { placeFields } from '@contract'
import { AddressPicker } from '@/components/form/AddressPicker'
import { addressComponents, nameAndAddress, pickedPlace, type PickedPlace } from '@/components/form/address'
import { Form } from '@/components/form/Form'
import { MAPS_CALLBACK, MAPS_SCRIPT_ID, loadGoogleMapsPlaces, resetGoogleMapsLoader } from '@/components/form/googleMaps'
import { BENGALURU, places, resetPlaces } from './mocks/places-autocomplete'

/**
 * The address picker on its own (components/form/AddressPicker): the result it builds (spec
 * section 2: formatted_address is the name plus the address, an address list of component type
 * to long name, lat and lng), the Google loader (once, lazily), and the field in a small form.
 */
vi.mock('use-places-autocomplete', () => import('./mocks/places-autocomplete'))

type MapsWindow = { google?: unknown; [key: string]: unknown }
const mapsWindow = () => window as unknown as MapsWindow
const scripts = () => document.querySelectorAll(`script#${MAPS_SCRIPT_ID}`)

beforeEach(() => resetPlaces(BENGALURU))
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
  render(<AddressForm apiKey={apiKey} onPick={onPick} onSave={onSave} />)
  return { user, onPick, onSave }
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

describe('the address field', () => {
  it('without a key: says the search is off, never loads Google, and takes typed coordinates', async () => {
    const { user, onSave } = renderForm('')
    expect(
      screen.getByText('Address search is off because no Google Maps key is configured. Type the address and enter its latitude and longitude.'),
    ).toBeInTheDocument()
    expect(places.options).toBeUndefined()
    expect(scripts()).toHaveLength(0)
    await user.type(screen.getByLabelText('Address'), 'MG Road, Bengaluru')
    await user.type(screen.getByLabelText('Latitude'), '12.9756')
    await user.type(screen.getByLabelText('Longitude'), '77.6066')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onSave.mock.calls[0]![0]).toEqual({ address: 'MG Road, Bengaluru', latitude: 12.9756, longitude: 77.6066 })
  })

  it('with a key: loads the Google script when it mounts, and searches once it has loaded', async () => {
    renderForm('my-key')
    const address = await screen.findByRole('combobox', { name: 'Address' })
    await waitFor(() => expect(scripts()).toHaveLength(1))
    expect(places.inits).toBe(0)
    expect(address).toHaveAttribute('placeholder', 'Loading address search…')
    mapsWindow().google = { maps: { places: {} } }
    ;(mapsWindow()[MAPS_CALLBACK] as () => void)()
    await waitFor(() => expect(places.inits).toBe(1))
  })

  it('is an accessible combobox: the list opens as you type, arrows move, Escape closes, Enter chooses', async () => {
    mapsWindow().google = { maps: { places: {} } }
    const { user, onPick, onSave } = renderForm('my-key')
    const address = await screen.findByRole('combobox', { name: 'Address' })
    await waitFor(() => expect(places.inits).toBe(1))
    await user.type(address, 'Park')
    expect(await screen.findByRole('listbox')).toBeInTheDocument()
    expect(address).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    expect(address).toHaveValue('Park')
    await user.clear(address)
    await user.type(address, 'Bengaluru')
    await screen.findByRole('listbox')
    // The first suggestion is active as soon as the list opens; the arrows move from there.
    expect(address).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /^Lalbagh/ }).id)
    await user.keyboard('{ArrowDown}')
    expect(address).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /^Cubbon Park/ }).id)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1))
    expect(onPick).toHaveBeenCalledWith({
      formatted_address: 'Cubbon Park, Kasturba Road, Bengaluru, Karnataka 560001, India',
      address: { locality: 'Bengaluru' },
      lat: 12.9763,
      lng: 77.5929,
    })
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
})
