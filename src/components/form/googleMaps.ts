/**
 * Loads the Google Maps JavaScript API with its places library, once per page and only when asked
 * (the address picker asks when it mounts with a key): one script tag, shared by every picker.
 * A failed load can be tried again by the next picker that mounts.
 */

type MapsWindow = Window & {
  google?: { maps?: { places?: unknown; importLibrary?: (name: string) => Promise<unknown> } }
  [callback: string]: unknown
}

export const MAPS_SCRIPT_ID = 'google-maps-places'
export const MAPS_CALLBACK = '__petcareGoogleMapsReady'
const MAPS_URL = 'https://maps.googleapis.com/maps/api/js'

let loading: Promise<void> | undefined

/** A place search service of the places library: the legacy one (AutocompleteService) or Places API (New). */
export type PlacesService = 'legacy' | 'new'

/**
 * The services Google refused for a key on this page. A refusal is the key's configuration (an
 * API not enabled for the project, or not allowed for the key), so it holds until the page
 * reloads: the next address field goes straight to what works, without a request bound to fail.
 */
const refused = new Map<string, Set<PlacesService>>()

export const markRefused = (key: string, service: PlacesService) => void refused.set(key, new Set(refused.get(key)).add(service))
export const isRefused = (key: string, service: PlacesService) => refused.get(key)?.has(service) ?? false

/** The script's address: the key, the places library, async loading and our ready callback. */
export const mapsScriptUrl = (key: string) =>
  `${MAPS_URL}?${new URLSearchParams({ key, libraries: 'places', loading: 'async', callback: MAPS_CALLBACK, v: 'weekly' })}`

export function loadGoogleMapsPlaces(key: string): Promise<void> {
  const w = window as unknown as MapsWindow
  if (w.google?.maps?.places) return Promise.resolve()
  loading ??= new Promise<void>((resolve, reject) => {
    const fail = (message: string) => {
      loading = undefined
      document.getElementById(MAPS_SCRIPT_ID)?.remove()
      delete w[MAPS_CALLBACK]
      reject(new Error(message))
    }
    w[MAPS_CALLBACK] = () => {
      delete w[MAPS_CALLBACK]
      // With `loading=async` the listed libraries are loaded by now; importLibrary makes sure of it.
      const places = w.google?.maps?.importLibrary?.('places') ?? Promise.resolve()
      places.then(() => resolve(), () => fail('The Google Maps places library could not be loaded'))
    }
    const script = document.createElement('script')
    script.id = MAPS_SCRIPT_ID
    script.src = mapsScriptUrl(key)
    script.async = true
    script.onerror = () => fail('The Google Maps script could not be loaded')
    document.head.append(script)
  })
  return loading
}

/** For tests: forget a load in progress and the services refused, as on a fresh page. */
export function resetGoogleMapsLoader() {
  loading = undefined
  refused.clear()
  document.getElementById(MAPS_SCRIPT_ID)?.remove()
  delete (window as unknown as MapsWindow)[MAPS_CALLBACK]
}
