import { useEffect, useRef, useState, type Ref } from 'react'
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react'
import { ADDRESS_MSG, type PickedPlace, type PlaceSuggestion } from './address'
import { isRefused, loadGoogleMapsPlaces, markRefused, type PlacesService } from './googleMaps'
import { REFUSED, useLegacyPlaceSearch, useNewPlaceSearch } from './placeSearch'
import { fieldInputClass } from './Form'

/**
 * The address search of `AddressPicker` (inside a Headless UI Field, whose descriptions the input
 * names as its aria-describedby) when a Google Maps key is configured. Loaded on demand (a
 * chunk of its own with use-places-autocomplete and the Google loader), so a screen without an
 * address field, or a build without a key, never downloads it.
 *
 * A Headless UI combobox over a place search (placeSearch.ts): typing asks Google for suggestions
 * (debounced), arrows move through them, Enter or a click chooses one, Escape closes the list. A
 * choice is located into `PickedPlace` (name plus address, the address parts, lat and lng; -1 when
 * Google has no coordinates for it).
 *
 * Which search: the legacy service while the key has it; when Google refuses it (as it does for
 * every project created since it stopped enabling it), Places API (New), asked at once for what
 * was typed, in the same input; when that is refused too, `onUnavailable` (the form takes typed
 * coordinates and says so).
 */
export interface PlacesComboboxProps {
  apiKey: string
  inputId: string
  /** The address text (the form's value). */
  value: string
  /** The text was typed, or a suggestion was chosen and is being located. */
  onType: (text: string) => void
  /** A suggestion was chosen and located. */
  onPick: (place: PickedPlace) => void
  onBlur?: () => void
  inputRef?: Ref<HTMLInputElement>
  name?: string
  invalid?: boolean
  placeholder?: string
  disabled?: boolean
  /** Google cannot be used (the script failed to load, or every place search was refused): the picker falls back to typing. */
  onUnavailable: () => void
}

type PlacesNamespace = { AutocompleteService?: unknown; AutocompleteSuggestion?: unknown }
type MapsWindow = { google?: { maps?: { places?: PlacesNamespace; importLibrary?: (name: string) => Promise<unknown> } } }

/**
 * The search to start with: the legacy one when the loaded places library has it and Google has
 * not refused it on this page, else Places API (New) on the same terms; none: typing it is. The
 * library is read as `importLibrary('places')` gives it (the documented way), and from the
 * `google.maps.places` namespace the script fills.
 */
async function firstService(apiKey: string): Promise<PlacesService | undefined> {
  const maps = (window as MapsWindow).google?.maps
  const library = (await maps?.importLibrary?.('places').catch(() => undefined)) as PlacesNamespace | undefined
  const has = (name: keyof PlacesNamespace) => Boolean(library?.[name] ?? maps?.places?.[name])
  if (has('AutocompleteService') && !isRefused(apiKey, 'legacy')) return 'legacy'
  if (has('AutocompleteSuggestion') && !isRefused(apiKey, 'new')) return 'new'
  return undefined
}

export default function PlacesCombobox({
  apiKey,
  inputId,
  value,
  onType,
  onPick,
  onBlur,
  inputRef,
  name,
  invalid = false,
  placeholder,
  disabled = false,
  onUnavailable,
}: PlacesComboboxProps) {
  // The search the loaded library offers first (undefined until the Maps script is there).
  const [first, setFirst] = useState<PlacesService>()
  const legacy = useLegacyPlaceSearch()
  // A refused key (or an API not enabled for its project) answers every request so: the legacy
  // service's refusal hands the search to Places API (New) for good.
  const legacyRefused = first === 'legacy' && legacy.status === REFUSED
  const service = legacyRefused ? 'new' : first
  const places = useNewPlaceSearch(service === 'new')
  const search = service === 'new' ? places : legacy
  const [locating, setLocating] = useState(false)
  // Only the newest choice may fill the form: an older one located late is dropped.
  const choice = useRef(0)

  const { init } = legacy
  useEffect(() => {
    let live = true
    loadGoogleMapsPlaces(apiKey)
      .then(() => firstService(apiKey))
      .then(
        (offered) => {
          if (!live) return
          if (!offered) return onUnavailable()
          if (offered === 'legacy') init()
          setFirst(offered)
        },
        () => live && onUnavailable(),
      )
    return () => {
      live = false
    }
  }, [apiKey, init, onUnavailable])

  // What was typed when the legacy service was refused gets its suggestions from the new one, once.
  const handedOver = useRef(false)
  const newRefused = service === 'new' && places.status === REFUSED
  const { search: searchNew } = places
  useEffect(() => {
    if (!legacyRefused || handedOver.current) return
    handedOver.current = true
    markRefused(apiKey, 'legacy')
    if (isRefused(apiKey, 'new')) return onUnavailable()
    searchNew(value)
  }, [legacyRefused, apiKey, value, searchNew, onUnavailable])
  useEffect(() => {
    if (!newRefused) return
    markRefused(apiKey, 'new')
    onUnavailable()
  }, [newRefused, apiKey, onUnavailable])

  const choose = async (suggestion: PlaceSuggestion | null) => {
    if (!suggestion) return
    const mine = ++choice.current
    search.search(suggestion.description, false)
    search.clear()
    onType(suggestion.description)
    setLocating(true)
    const place = await search.locate(suggestion)
    if (mine !== choice.current) return
    setLocating(false)
    onPick(place)
  }

  const options = search.suggestions
  const live = locating
    ? ADDRESS_MSG.locating
    : search.status === 'ZERO_RESULTS'
      ? ADDRESS_MSG.noResults
      : options.length
        ? ADDRESS_MSG.suggestions(options.length)
        : ''

  return (
    <Combobox<PlaceSuggestion | null> value={null} onChange={(s) => void choose(s)} disabled={disabled}>
      <div className="relative">
        <ComboboxInput
          id={inputId}
          ref={inputRef}
          name={name}
          autoComplete="off"
          placeholder={search.ready ? placeholder : ADDRESS_MSG.loading}
          aria-invalid={invalid || undefined}
          displayValue={() => value}
          onChange={(event) => {
            choice.current++
            setLocating(false)
            search.search(event.target.value)
            onType(event.target.value)
          }}
          onBlur={onBlur}
          className={`min-h-10 ${fieldInputClass(invalid)}`}
        />
        {options.length > 0 && (
          <ComboboxOptions
            modal={false}
            className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {options.map((suggestion) => (
              <ComboboxOption
                key={suggestion.place_id}
                value={suggestion}
                className="flex cursor-pointer flex-col px-3 py-2 data-[focus]:bg-primary-50"
              >
                <span className="font-medium text-slate-900">{suggestion.structured_formatting?.main_text ?? suggestion.description}</span>
                {suggestion.structured_formatting?.secondary_text && (
                  <span className="text-xs text-slate-600">{suggestion.structured_formatting.secondary_text}</span>
                )}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        )}
      </div>
      <p role="status" className="text-xs text-slate-600 empty:hidden">
        {live}
      </p>
    </Combobox>
  )
}
