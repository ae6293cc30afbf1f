import { useCallback, useRef, useState } from 'react'
import type { GeocodedPlace, PlaceSuggestion } from '@/components/form/address'

/**
 * A stand-in for use-places-autocomplete (v4) with Google's answers scripted by the test:
 *
 *   vi.mock('use-places-autocomplete', () => import('./mocks/places-autocomplete'))
 *
 * The hook keeps its state as the real one does (ready after `init`, suggestions fetched by
 * `setValue(text)` unless told not to, cleared by `clearSuggestions`), without the debounce: the
 * picker's debounce is the real hook's business, checked through `places.options`.
 */
export type FakePlace = {
  suggestion: PlaceSuggestion
  /** What geocoding the suggestion's place id gives: a result (without lat/lng: no geometry), or nothing. */
  geocode: (GeocodedPlace & { lat?: number; lng?: number }) | 'ZERO_RESULTS'
}

export const places = {
  /** The places Google "knows" for this test; a suggestion matches when its description contains the text. */
  known: [] as FakePlace[],
  /** Status of every predictions request: 'OK' (then 'ZERO_RESULTS' when nothing matches) or e.g. 'REQUEST_DENIED'. */
  status: 'OK',
  /** The options the picker gave the hook, the number of `init` calls and the place ids geocoded. */
  options: undefined as unknown,
  inits: 0,
  geocoded: [] as string[],
}

export function resetPlaces(known: FakePlace[] = []) {
  Object.assign(places, { known, status: 'OK', options: undefined, inits: 0, geocoded: [] })
}

type Suggestions = { loading: boolean; status: string; data: PlaceSuggestion[] }
const none: Suggestions = { loading: false, status: '', data: [] }

/** Where the hook reports how it was called (outside the hook, as the rules of hooks want). */
const record = (options: unknown) => {
  places.options = options
}

export default function usePlacesAutocomplete(options?: unknown) {
  record(options)
  const [ready, setReady] = useState(false)
  const readyRef = useRef(false)
  const [value, setVal] = useState('')
  const [suggestions, setSuggestions] = useState<Suggestions>(none)
  const init = useCallback(() => {
    places.inits++
    readyRef.current = true
    setReady(true)
  }, [])
  const setValue = useCallback((text: string, shouldFetchData = true) => {
    setVal(text)
    if (!readyRef.current || !shouldFetchData) return
    if (!text) return setSuggestions(none)
    if (places.status !== 'OK') return setSuggestions({ loading: false, status: places.status, data: [] })
    const data = places.known.map((p) => p.suggestion).filter((s) => s.description.toLowerCase().includes(text.toLowerCase()))
    setSuggestions({ loading: false, status: data.length ? 'OK' : 'ZERO_RESULTS', data })
  }, [])
  const clearSuggestions = useCallback(() => setSuggestions(none), [])
  const clearCache = useCallback(() => {}, [])
  return { ready, value, suggestions, setValue, clearSuggestions, clearCache, init }
}

type Result = GeocodedPlace & { geometry?: { location: { lat: () => number; lng: () => number } } }

export async function getGeocode({ placeId }: { placeId?: string }): Promise<Result[]> {
  places.geocoded.push(placeId ?? '')
  const known = places.known.find((p) => p.suggestion.place_id === placeId)
  // As the real one does: a status other than OK rejects with the status.
  if (!known || known.geocode === 'ZERO_RESULTS') throw 'ZERO_RESULTS'
  const { lat, lng, ...result } = known.geocode
  return [lat === undefined || lng === undefined ? result : { ...result, geometry: { location: { lat: () => lat, lng: () => lng } } }]
}

export function getLatLng(result: Result) {
  // The real one reads result.geometry.location and throws without it.
  const { lat, lng } = result.geometry!.location
  return { lat: lat(), lng: lng() }
}

/** Two parks of Bengaluru, a place Google cannot locate, and one it geocodes without geometry. */
export const BENGALURU: FakePlace[] = [
  {
    suggestion: {
      place_id: 'lalbagh',
      description: 'Lalbagh Botanical Garden, Mavalli, Bengaluru, Karnataka, India',
      structured_formatting: { main_text: 'Lalbagh Botanical Garden', secondary_text: 'Mavalli, Bengaluru, Karnataka, India' },
    },
    geocode: {
      formatted_address: 'Mavalli, Bengaluru, Karnataka 560004, India',
      address_components: [
        { long_name: 'Mavalli', short_name: 'Mavalli', types: ['sublocality_level_1', 'sublocality', 'political'] },
        { long_name: 'Bengaluru', short_name: 'Bengaluru', types: ['locality', 'political'] },
        { long_name: 'Karnataka', short_name: 'KA', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'India', short_name: 'IN', types: ['country', 'political'] },
        { long_name: '560004', short_name: '560004', types: ['postal_code'] },
      ],
      lat: 12.9507,
      lng: 77.5848,
    },
  },
  {
    suggestion: {
      place_id: 'cubbon',
      description: 'Cubbon Park, Kasturba Road, Bengaluru, Karnataka, India',
      structured_formatting: { main_text: 'Cubbon Park', secondary_text: 'Kasturba Road, Bengaluru, Karnataka, India' },
    },
    geocode: {
      formatted_address: 'Kasturba Road, Bengaluru, Karnataka 560001, India',
      address_components: [{ long_name: 'Bengaluru', types: ['locality', 'political'] }],
      lat: 12.9763,
      lng: 77.5929,
    },
  },
  {
    suggestion: {
      place_id: 'nowhere',
      description: 'Bengaluru Nowhere Lane, Karnataka, India',
      structured_formatting: { main_text: 'Bengaluru Nowhere Lane', secondary_text: 'Karnataka, India' },
    },
    geocode: 'ZERO_RESULTS',
  },
  {
    suggestion: {
      place_id: 'no-geometry',
      description: 'Bengaluru Misty Corner, Karnataka, India',
      structured_formatting: { main_text: 'Bengaluru Misty Corner', secondary_text: 'Karnataka, India' },
    },
    geocode: { formatted_address: 'Karnataka, India', address_components: [] },
  },
]
