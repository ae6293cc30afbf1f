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

/** For tests: forget a load in progress, as on a fresh page. */
export function resetGoogleMapsLoader() {
  loading = undefined
  document.getElementById(MAPS_SCRIPT_ID)?.remove()
  delete (window as unknown as MapsWindow)[MAPS_CALLBACK]
}
