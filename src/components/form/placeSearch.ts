import { useCallback, useEffect, useRef, useState } from 'react'
import usePlacesAutocomplete, { getGeocode, getLatLng } from 'use-places-autocomplete'
import { pickedPlace, type GeocodedPlace, type PickedPlace, type PlaceSuggestion } from './address'

/**
 * The two place searches behind the address picker, with one face, so the combobox does not care
 * which one answers:
 *
 * - the legacy service (AutocompleteService, through use-places-autocomplete, then geocoding the
 *   chosen place id), which keys of older projects still have;
 * - Places API (New) (AutocompleteSuggestion, then the chosen place's fields), the only one Google
 *   enables for a project created now.
 *
 * Both give `PlaceSuggestion`s and, for a choice, the same `PickedPlace`.
 */
export interface PlaceSearch {
  /** Suggestions can be asked for. */
  ready: boolean
  /** The last answer: '' (none yet), 'OK', 'ZERO_RESULTS', 'REQUEST_DENIED' (the service is refused), or a passing failure. */
  status: string
  suggestions: PlaceSuggestion[]
  /** The text changed: suggestions for it are asked for (debounced) unless `fetch` is false. */
  search: (text: string, fetch?: boolean) => void
  clear: () => void
  /** What choosing the suggestion gives: name plus address, its parts, lat and lng (-1 when unknown). */
  locate: (suggestion: PlaceSuggestion) => Promise<PickedPlace>
}

/** Debounce of the suggestions request, in ms. */
export const SUGGESTIONS_DEBOUNCE_MS = 300

/** The status a refused request answers with (the legacy service's own word for it). */
export const REFUSED = 'REQUEST_DENIED'

const idle = { status: '', suggestions: [] as PlaceSuggestion[] }

/** The legacy service: `init` once the Maps script is on the page. */
export function useLegacyPlaceSearch(): PlaceSearch & { init: () => void } {
  const {
    ready,
    suggestions: { status, data },
    setValue,
    clearSuggestions,
    init,
  } = usePlacesAutocomplete({ initOnMount: false, debounce: SUGGESTIONS_DEBOUNCE_MS })
  const locate = useCallback(async (suggestion: PlaceSuggestion) => {
    let result: GeocodedPlace | undefined
    let location: { lat: number; lng: number } | undefined
    try {
      const results = (await getGeocode({ placeId: suggestion.place_id })) as GeocodedPlace[]
      result = results[0]
      if (result) location = getLatLng(result as Parameters<typeof getLatLng>[0])
    } catch {
      // No result (ZERO_RESULTS) or no geometry: the place keeps -1 and the form says why.
    }
    return pickedPlace(suggestion, result, location)
  }, [])
  return { ready, status, suggestions: status === 'OK' ? (data as PlaceSuggestion[]) : [], search: setValue, clear: clearSuggestions, locate, init }
}

/** The parts of Places API (New) the picker uses (google.maps.places, from importLibrary('places')). */
interface FormattableText {
  text: string
}
interface NewPlace {
  displayName?: string | null
  formattedAddress?: string | null
  addressComponents?: { longText: string | null; shortText: string | null; types: string[] }[] | null
  location?: { lat: () => number; lng: () => number } | null
  fetchFields: (options: { fields: string[] }) => Promise<unknown>
}
interface PlacePrediction {
  placeId: string
  text: FormattableText
  mainText?: FormattableText | null
  secondaryText?: FormattableText | null
  toPlace: () => NewPlace
}
export interface NewPlacesLibrary {
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions: (request: { input: string; sessionToken?: unknown }) => Promise<{ suggestions: { placePrediction?: PlacePrediction | null }[] }>
  }
  AutocompleteSessionToken: new () => unknown
}
type MapsWindow = { google?: { maps?: { importLibrary?: (name: string) => Promise<unknown> } } }

/** The fields a choice needs: the address, its parts, the coordinates and the place's name. */
export const PLACE_FIELDS = ['formattedAddress', 'addressComponents', 'location', 'displayName']

async function newPlacesLibrary(): Promise<NewPlacesLibrary> {
  const importLibrary = (window as MapsWindow).google?.maps?.importLibrary
  if (!importLibrary) throw new Error('The Maps JavaScript API has no importLibrary')
  const places = (await importLibrary('places')) as Partial<NewPlacesLibrary>
  if (!places.AutocompleteSuggestion || !places.AutocompleteSessionToken) throw new Error('This Maps JavaScript API has no Places API (New)')
  return places as NewPlacesLibrary
}

/**
 * Whether a failed Places API (New) call means the service is refused for this key, rather than
 * this one request failing. Google reports a fault on its side (5xx) as MapsServerError and a lost
 * connection as MapsNetworkError: the next request may well work. Anything else (MapsRequestError,
 * which is how a disabled API or a key not allowed to call it answers, or an error about the key
 * itself, which the docs say may come as another kind) will not get better by asking again.
 */
export function isRefusal(error: unknown): boolean {
  const name = error instanceof Error ? error.name : (error as { name?: unknown } | null)?.name
  return name !== 'MapsServerError' && name !== 'MapsNetworkError'
}

const toSuggestion = (p: PlacePrediction): PlaceSuggestion => ({
  place_id: p.placeId,
  description: p.text.text,
  structured_formatting: { main_text: p.mainText?.text || p.text.text, ...(p.secondaryText?.text ? { secondary_text: p.secondaryText.text } : {}) },
})

const toGeocoded = (place: NewPlace): GeocodedPlace => ({
  ...(place.displayName ? { name: place.displayName } : {}),
  ...(place.formattedAddress ? { formatted_address: place.formattedAddress } : {}),
  address_components: (place.addressComponents ?? []).map((c) => ({ long_name: c.longText ?? '', short_name: c.shortText ?? '', types: c.types })),
})

/**
 * Places API (New), asked only while `active`. One session token covers a typing session (every
 * suggestions request, then the chosen place's fields, which Google bills as one session); a
 * choice ends it, and the next typing starts a new one.
 */
export function useNewPlaceSearch(active: boolean): PlaceSearch {
  const [answer, setAnswer] = useState(idle)
  const predictions = useRef(new Map<string, PlacePrediction>())
  const sessionToken = useRef<unknown>(undefined)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Only the newest request may show its suggestions: an older one that answers late is dropped.
  const asked = useRef(0)

  // Every function below reads only refs and the state setter, so each is made once.
  const cancel = useCallback(() => {
    clearTimeout(timer.current)
    asked.current++
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])

  const search = useCallback(
    (text: string, fetch = true) => {
      cancel()
      if (!fetch) return
      if (!text.trim()) return setAnswer(idle)
      const mine = asked.current
      timer.current = setTimeout(async () => {
        try {
          const { AutocompleteSuggestion, AutocompleteSessionToken } = await newPlacesLibrary()
          sessionToken.current ??= new AutocompleteSessionToken()
          const { suggestions } = await AutocompleteSuggestion.fetchAutocompleteSuggestions({ input: text, sessionToken: sessionToken.current })
          if (mine !== asked.current) return
          const found = suggestions.flatMap((s) => (s.placePrediction ? [s.placePrediction] : []))
          predictions.current = new Map(found.map((p) => [p.placeId, p]))
          setAnswer({ status: found.length ? 'OK' : 'ZERO_RESULTS', suggestions: found.map(toSuggestion) })
        } catch (error) {
          if (mine === asked.current) setAnswer({ status: isRefusal(error) ? REFUSED : 'UNKNOWN_ERROR', suggestions: [] })
        }
      }, SUGGESTIONS_DEBOUNCE_MS)
    },
    [cancel],
  )

  const clear = useCallback(() => {
    cancel()
    setAnswer(idle)
  }, [cancel])

  const locate = useCallback(async (suggestion: PlaceSuggestion) => {
    const prediction = predictions.current.get(suggestion.place_id)
    // The choice closes the session (the place's fields below carry its token); new typing, new session.
    sessionToken.current = undefined
    if (!prediction) return pickedPlace(suggestion, undefined, undefined)
    try {
      const place = prediction.toPlace()
      await place.fetchFields({ fields: PLACE_FIELDS })
      const location = place.location ? { lat: place.location.lat(), lng: place.location.lng() } : undefined
      return pickedPlace(suggestion, toGeocoded(place), location)
    } catch {
      // Google has no details for it: the place keeps -1 and the form says why, as with geocoding.
      return pickedPlace(suggestion, undefined, undefined)
    }
  }, [])

  return { ready: active, ...answer, search, clear, locate }
}
