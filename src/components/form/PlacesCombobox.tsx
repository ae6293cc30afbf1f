import { useEffect, useRef, useState, type Ref } from 'react'
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react'
import usePlacesAutocomplete, { getGeocode, getLatLng } from 'use-places-autocomplete'
import { ADDRESS_MSG, pickedPlace, type GeocodedPlace, type PickedPlace, type PlaceSuggestion } from './address'
import { loadGoogleMapsPlaces } from './googleMaps'

/**
 * The address search of `AddressPicker` (inside a Headless UI Field, whose descriptions the input
 * names as its aria-describedby) when a Google Maps key is configured. Loaded on demand (a
 * chunk of its own with use-places-autocomplete and the Google loader), so a screen without an
 * address field, or a build without a key, never downloads it.
 *
 * A Headless UI combobox over use-places-autocomplete: typing asks Google for suggestions (debounced),
 * arrows move through them, Enter or a click chooses one, Escape closes the list. A choice is
 * geocoded by its place id into `PickedPlace` (name plus address, the address parts, lat and lng;
 * -1 when Google has no coordinates for it).
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
  /** Google cannot be used (the script failed to load, or the key was refused): the picker falls back to typing. */
  onUnavailable: () => void
}

/** Debounce of the suggestions request, in ms. */
export const SUGGESTIONS_DEBOUNCE_MS = 300

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
  const {
    ready,
    suggestions: { status, data },
    setValue,
    clearSuggestions,
    init,
  } = usePlacesAutocomplete({ initOnMount: false, debounce: SUGGESTIONS_DEBOUNCE_MS })
  const [locating, setLocating] = useState(false)
  // Only the newest choice may fill the form: an older geocode that answers late is dropped.
  const choice = useRef(0)

  useEffect(() => {
    let live = true
    loadGoogleMapsPlaces(apiKey).then(
      () => live && init(),
      () => live && onUnavailable(),
    )
    return () => {
      live = false
    }
  }, [apiKey, init, onUnavailable])

  // A refused key (or an API not enabled for it) answers every request so: typing is the way then.
  useEffect(() => {
    if (status === 'REQUEST_DENIED') onUnavailable()
  }, [status, onUnavailable])

  const choose = async (suggestion: PlaceSuggestion | null) => {
    if (!suggestion) return
    const mine = ++choice.current
    setValue(suggestion.description, false)
    clearSuggestions()
    onType(suggestion.description)
    setLocating(true)
    let result: GeocodedPlace | undefined
    let location: { lat: number; lng: number } | undefined
    try {
      const results = (await getGeocode({ placeId: suggestion.place_id })) as GeocodedPlace[]
      result = results[0]
      if (result) location = getLatLng(result as Parameters<typeof getLatLng>[0])
    } catch {
      // No result (ZERO_RESULTS) or no geometry: the place keeps -1 and the form says why.
    }
    if (mine !== choice.current) return
    setLocating(false)
    onPick(pickedPlace(suggestion, result, location))
  }

  const options = (status === 'OK' ? data : []) as PlaceSuggestion[]
  const live = locating ? ADDRESS_MSG.locating : status === 'ZERO_RESULTS' ? ADDRESS_MSG.noResults : options.length ? ADDRESS_MSG.suggestions(options.length) : ''

  return (
    <Combobox<PlaceSuggestion | null> value={null} onChange={(s) => void choose(s)} disabled={disabled}>
      <div className="relative">
        <ComboboxInput
          id={inputId}
          ref={inputRef}
          name={name}
          autoComplete="off"
          placeholder={ready ? placeholder : ADDRESS_MSG.loading}
          aria-invalid={invalid || undefined}
          displayValue={() => value}
          onChange={(event) => {
            choice.current++
            setLocating(false)
            setValue(event.target.value)
            onType(event.target.value)
          }}
          onBlur={onBlur}
          className={`min-h-10 w-full rounded-md border bg-white px-3 py-2 text-sm outline-none focus:ring-2 ${
            invalid ? 'border-error-600 focus:ring-error-100' : 'border-slate-300 focus:border-primary-600 focus:ring-primary-100'
          }`}
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
