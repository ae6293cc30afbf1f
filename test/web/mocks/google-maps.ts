import type { GeocodedPlace, PlaceSuggestion } from '@/components/form/address'

/**
 * A stand-in for the Google Maps JavaScript API's places library on `window.google.maps`, with
 * Google's answers scripted by the test. It has both place searches the picker knows:
 *
 * - the legacy one that use-places-autocomplete (the real package) calls:
 *   `places.AutocompleteService#getPlacePredictions` and `Geocoder#geocode`, with callbacks and
 *   statuses;
 * - Places API (New): `places.AutocompleteSuggestion.fetchAutocompleteSuggestions`,
 *   `AutocompleteSessionToken`, `PlacePrediction#toPlace` and `Place#fetchFields`, with promises
 *   and the errors Google throws (`MapsRequestError` for a refused call).
 *
 * Both know the same places, so either search picks the same result. What was asked is recorded
 * in `maps`, for the tests that care how (debounced, which session).
 */
export type FakePlace = {
  suggestion: PlaceSuggestion
  /** What locating the place gives: a result (without lat/lng: no geometry), or nothing. */
  geocode: (GeocodedPlace & { lat?: number; lng?: number }) | 'ZERO_RESULTS'
}

/** A search's state: answers, is refused (REQUEST_DENIED), fails on Google's side, or is not in this API version. */
type Legacy = 'OK' | 'REQUEST_DENIED' | 'absent'
type New = 'OK' | 'REQUEST_DENIED' | 'SERVER_ERROR' | 'absent'

export class FakeSessionToken {
  static made = 0
  readonly id = ++FakeSessionToken.made
}

export const maps = {
  /** The places Google "knows" for this test; a suggestion matches when its description contains the text. */
  known: [] as FakePlace[],
  legacy: 'OK' as Legacy,
  new: 'OK' as New,
  /** The inputs the legacy service was asked for, and the place ids it geocoded. */
  legacyInputs: [] as string[],
  geocoded: [] as string[],
  /** The inputs Places API (New) was asked for with their session tokens, and the places whose fields were fetched. */
  newRequests: [] as { input: string; token: number | undefined }[],
  fetched: [] as { placeId: string; token: number | undefined; fields: string[] }[],
}

const matching = (input: string) => maps.known.filter((p) => p.suggestion.description.toLowerCase().includes(input.toLowerCase()))
const later = (fn: () => void) => void Promise.resolve().then(fn)

/** An error as the Maps JavaScript API makes them (name, code, endpoint). */
function mapsError(name: string, code: string, endpoint: string) {
  return Object.assign(new Error(`${endpoint}: ${code}: scripted by the test`), { name, code, endpoint })
}

class AutocompleteService {
  getPlacePredictions(request: { input: string }, callback: (data: PlaceSuggestion[] | null, status: string) => void) {
    maps.legacyInputs.push(request.input)
    const data = matching(request.input).map((p) => p.suggestion)
    later(() => (maps.legacy === 'OK' ? callback(data.length ? data : null, data.length ? 'OK' : 'ZERO_RESULTS') : callback(null, maps.legacy)))
  }
}

type GeocoderResult = GeocodedPlace & { geometry?: { location: { lat: () => number; lng: () => number } } }
class Geocoder {
  geocode({ placeId }: { placeId?: string }, callback: (results: GeocoderResult[] | null, status: string) => void) {
    maps.geocoded.push(placeId ?? '')
    const known = maps.known.find((p) => p.suggestion.place_id === placeId)
    later(() => {
      if (!known || known.geocode === 'ZERO_RESULTS') return callback(null, 'ZERO_RESULTS')
      const { lat, lng, ...result } = known.geocode
      // The real LatLng's lat and lng are read unbound by use-places-autocomplete's getLatLng.
      callback([lat === undefined || lng === undefined ? result : { ...result, geometry: { location: { lat: () => lat, lng: () => lng } } }], 'OK')
    })
  }
}

/** Places API (New)'s Place: empty until its fields are fetched. */
class Place {
  displayName?: string | null
  formattedAddress?: string | null
  addressComponents?: { longText: string; shortText: string; types: string[] }[]
  location?: { lat: () => number; lng: () => number } | null
  constructor(
    readonly id: string,
    private readonly token: FakeSessionToken | undefined,
  ) {}
  async fetchFields({ fields }: { fields: string[] }) {
    await Promise.resolve()
    // The session's token goes with the first fetch of a place from its predictions, as Google's does.
    maps.fetched.push({ placeId: this.id, token: this.token?.id, fields })
    const known = maps.known.find((p) => p.suggestion.place_id === this.id)
    if (!known || known.geocode === 'ZERO_RESULTS') throw mapsError('MapsRequestError', 'NOT_FOUND', 'PLACES_GET_PLACE')
    const { lat, lng, formatted_address, address_components = [] } = known.geocode
    this.displayName = known.suggestion.structured_formatting?.main_text ?? null
    this.formattedAddress = formatted_address ?? null
    this.addressComponents = address_components.map((c) => ({ longText: c.long_name, shortText: c.short_name ?? c.long_name, types: c.types }))
    this.location = lat === undefined || lng === undefined ? null : { lat: () => lat, lng: () => lng }
    return { place: this }
  }
}

const text = (t: string) => ({ text: t, matches: [], toString: () => t })

const AutocompleteSuggestion = {
  async fetchAutocompleteSuggestions({ input, sessionToken }: { input: string; sessionToken?: FakeSessionToken }) {
    maps.newRequests.push({ input, token: sessionToken?.id })
    await Promise.resolve()
    // As Google answers a project without Places API (New): "MapsRequestError: PLACES_AUTOCOMPLETE:
    // REQUEST_DENIED: The application is not allowed to use the Place Service."
    if (maps.new === 'REQUEST_DENIED') throw mapsError('MapsRequestError', 'REQUEST_DENIED', 'PLACES_AUTOCOMPLETE')
    if (maps.new === 'SERVER_ERROR') throw mapsError('MapsServerError', 'INTERNAL', 'PLACES_AUTOCOMPLETE')
    return {
      suggestions: matching(input).map(({ suggestion: s }) => ({
        placePrediction: {
          placeId: s.place_id,
          text: text(s.description),
          mainText: text(s.structured_formatting?.main_text ?? s.description),
          secondaryText: text(s.structured_formatting?.secondary_text ?? ''),
          types: ['establishment'],
          toPlace: () => new Place(s.place_id, sessionToken),
        },
      })),
    }
  },
}

/** `window.google`, as the Maps script leaves it with the places library loaded. */
export function fakeGoogle() {
  const places = {
    ...(maps.legacy === 'absent' ? {} : { AutocompleteService }),
    ...(maps.new === 'absent' ? {} : { AutocompleteSuggestion, AutocompleteSessionToken: FakeSessionToken, Place }),
  }
  return { maps: { places, Geocoder, importLibrary: async (name: string) => (name === 'places' ? places : {}) } }
}

/** Forget what earlier tests scripted and asked; use-places-autocomplete's suggestion cache too. */
export function resetMaps(known: FakePlace[] = []) {
  Object.assign(maps, { known, legacy: 'OK', new: 'OK', legacyInputs: [], geocoded: [], newRequests: [], fetched: [] })
  sessionStorage.clear()
}

/** Two parks of Bengaluru, a place Google cannot locate, and one it locates without geometry. */
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
