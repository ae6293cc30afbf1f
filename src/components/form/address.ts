import { DEFAULT_COORDINATE } from '@contract'

/**
 * The rules of the address picker (its result carries formatted_address, the name plus the
 * address; an address list of component type to long name; lat and lng), apart from
 * the components so forms and tests can use them without loading Google Maps.
 */

/** What choosing a place gives: the text for the address field, its parts, and its coordinates (-1 when unknown). */
export interface PickedPlace {
  /** The place's name followed by its address: 'Lalbagh Botanical Garden, Mavalli, Bengaluru, Karnataka 560004, India'. */
  formatted_address: string
  /** Each address component's type (its first, most specific one) to its long name: { locality: 'Bengaluru', ... }. */
  address: Record<string, string>
  lat: number
  lng: number
}

/** The parts of a Google suggestion (AutocompletePrediction) the picker reads. */
export interface PlaceSuggestion {
  place_id: string
  description: string
  structured_formatting?: { main_text: string; secondary_text?: string }
}

/** The parts of a Google geocoding result (or of a Places API (New) place, in these names) the picker reads. */
export interface GeocodedPlace {
  /** The place's own name, when the service gives one (Places API (New) does; geocoding does not). */
  name?: string
  formatted_address?: string
  address_components?: { long_name: string; short_name?: string; types: string[] }[]
}

export const ADDRESS_MSG = {
  /** Ours: the form works without a key, and says so. */
  noKey: 'Address search is off because no Google Maps key is configured. Type the address and enter its latitude and longitude.',
  unavailable: 'Address search could not be loaded. Type the address and enter its latitude and longitude.',
  searchHint: 'Start typing, then choose the place from the suggestions.',
  loading: 'Loading address search…',
  noResults: 'No places match. Try a well-known landmark nearby.',
  locating: 'Finding the location…',
  located: (lat: number, lng: number) => `Location: ${lat}, ${lng}`,
  suggestions: (n: number) => (n === 1 ? '1 suggestion' : `${n} suggestions`),
} as const

/** The Google Maps key the SPA was built with ('' when none): read when asked, so tests can set it. */
export const googleMapsKey = (): string => (import.meta.env.VITE_GOOGLE_MAPS_API_KEY ?? '').trim()

/** Each component's first type to its long name; the first component of a type wins. */
export function addressComponents(result: GeocodedPlace | undefined): Record<string, string> {
  const parts: Record<string, string> = {}
  for (const component of result?.address_components ?? []) {
    const type = component.types[0]
    if (type && !(type in parts)) parts[type] = component.long_name
  }
  return parts
}

/** 'Name, address', unless the address already starts with the name (a street address names itself). */
export function nameAndAddress(name: string | undefined, address: string): string {
  const n = name?.trim() ?? ''
  const a = address.trim()
  if (!n) return a
  if (!a || a.toLowerCase().startsWith(n.toLowerCase())) return a || n
  return `${n}, ${a}`
}

const coordinate = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : DEFAULT_COORDINATE)

/**
 * The picker's result for a chosen suggestion and what geocoding it gave (none: the place has no
 * coordinates, which stay -1 so the form's latitude and longitude messages show).
 */
export function pickedPlace(
  suggestion: PlaceSuggestion,
  result: GeocodedPlace | undefined,
  location: { lat: number; lng: number } | undefined,
): PickedPlace {
  return {
    formatted_address: nameAndAddress(result?.name ?? suggestion.structured_formatting?.main_text, result?.formatted_address ?? suggestion.description),
    address: addressComponents(result),
    lat: coordinate(location?.lat),
    lng: coordinate(location?.lng),
  }
}
