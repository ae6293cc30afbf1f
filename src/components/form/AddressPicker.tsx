import { Suspense, useCallback, useId, useRef, useState } from 'react'
import { Description, Field } from '@headlessui/react'
import { get, useController, useWatch, type FieldError, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form'
import { DEFAULT_COORDINATE } from '@contract'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { lazyChunk } from '@/lib/lazy-component'
import { ADDRESS_MSG, googleMapsKey, type PickedPlace } from './address'
import { TextField, shownError } from './Field'
import { FieldFrame, fieldDescribedBy, fieldInputClass } from './Form'

// Its own chunk: use-places-autocomplete, the Headless UI combobox and the Google loader load only
// when an address field mounts with a key.
const PlacesCombobox = lazyChunk(() => import('./PlacesCombobox'), ChunkLoadFailed)

export interface AddressPickerProps<T extends FieldValues> {
  form: UseFormReturn<T>
  /** The address text field. */
  name: Path<T>
  /** The number fields the pick fills; -1 is "none" (the form's default coordinates). */
  latitude: Path<T>
  longitude: Path<T>
  label?: string
  /** The Google Maps key; `VITE_GOOGLE_MAPS_API_KEY` by default. Empty: typed address and coordinates. */
  apiKey?: string
  /** A place was chosen: the whole result (name plus address, the address parts, lat, lng). */
  onPick?: (place: PickedPlace) => void
  placeholder?: string
}

/**
 * An address field for a form (places now, sites later). With a Google Maps key it searches
 * places as you type and a choice fills the address, latitude and longitude (kept out of sight;
 * a choice without coordinates leaves -1, so the form's latitude and longitude messages show
 * under the address). The search is Google's legacy Places service when the key still has it, else
 * Places API (New) (PlacesCombobox). Without a key, when Google cannot be reached, or when it
 * refuses both searches, it says so once and offers a plain address input with Latitude and
 * Longitude number inputs, so the form still works.
 */
export function AddressPicker<T extends FieldValues>({ apiKey = googleMapsKey(), ...props }: AddressPickerProps<T>) {
  const [unavailable, setUnavailable] = useState(false)
  const onUnavailable = useCallback(() => setUnavailable(true), [])
  if (!apiKey) return <TypedAddress {...props} note={ADDRESS_MSG.noKey} />
  if (unavailable) return <TypedAddress {...props} note={ADDRESS_MSG.unavailable} />
  return <SearchedAddress {...props} apiKey={apiKey} onUnavailable={onUnavailable} />
}

type Fields<T extends FieldValues> = Omit<AddressPickerProps<T>, 'apiKey'>

const asCoordinate = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : DEFAULT_COORDINATE)
const hasCoordinate = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v !== DEFAULT_COORDINATE

function SearchedAddress<T extends FieldValues>({
  form,
  name,
  latitude,
  longitude,
  label = 'Address',
  onPick,
  placeholder,
  apiKey,
  onUnavailable,
}: Fields<T> & { apiKey: string; onUnavailable: () => void }) {
  const id = useId()
  const { field } = useController({ control: form.control, name })
  const [lat, lng] = useWatch({ control: form.control, name: [latitude, longitude] }) as [unknown, unknown]
  // The address the coordinates belong to (the form's first, then each choice): typing back to it
  // restores them, so editing and undoing is no change.
  const located = useRef({
    address: String(form.getValues(name) ?? ''),
    lat: asCoordinate(form.getValues(latitude)),
    lng: asCoordinate(form.getValues(longitude)),
  })

  const set = (path: Path<T>, value: unknown, touch = false) =>
    form.setValue(path, value as PathValue<T, Path<T>>, { shouldValidate: true, shouldDirty: true, shouldTouch: touch })
  const setCoordinates = (la: number, ln: number) => {
    set(latitude, la)
    set(longitude, ln)
  }

  const type = (text: string) => {
    field.onChange(text)
    const back = text === located.current.address
    setCoordinates(back ? located.current.lat : DEFAULT_COORDINATE, back ? located.current.lng : DEFAULT_COORDINATE)
  }
  const pick = (place: PickedPlace) => {
    located.current = { address: place.formatted_address, lat: place.lat, lng: place.lng }
    set(name, place.formatted_address, true)
    setCoordinates(place.lat, place.lng)
    onPick?.(place)
  }

  // The address's own message first; then, once the address was touched or the form sent, the
  // coordinates' (their inputs are hidden here, so they speak under the address).
  const { errors, touchedFields, isSubmitted } = form.formState
  const coordinateMessage =
    get<typeof errors, FieldError | undefined>(errors, latitude)?.message ??
    get<typeof errors, FieldError | undefined>(errors, longitude)?.message
  const shown = shownError(form, name) ?? (coordinateMessage && (get(touchedFields, name) || isSubmitted) ? coordinateMessage : undefined)
  const location = hasCoordinate(lat) && hasCoordinate(lng) ? ADDRESS_MSG.located(lat as number, lng as number) : ''

  // A Headless UI Field: the combobox input names its descriptions (the hint, the error) itself.
  return (
    <Field className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <Suspense
        fallback={
          <input
            id={id}
            disabled
            value={String(field.value ?? '')}
            placeholder={ADDRESS_MSG.loading}
            className="min-h-10 w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm"
            readOnly
          />
        }
      >
        <PlacesCombobox
          apiKey={apiKey}
          inputId={id}
          name={field.name}
          value={String(field.value ?? '')}
          onType={type}
          onPick={pick}
          onBlur={field.onBlur}
          inputRef={field.ref}
          invalid={!!shown}
          placeholder={placeholder}
          disabled={field.disabled}
          onUnavailable={onUnavailable}
        />
      </Suspense>
      <Description className="text-xs text-slate-500">{location || ADDRESS_MSG.searchHint}</Description>
      {shown && <Description className="text-xs text-error-600">{shown}</Description>}
    </Field>
  )
}

/** No address search: the address typed, with the coordinates typed beside it. */
function TypedAddress<T extends FieldValues>({
  form,
  name,
  latitude,
  longitude,
  label = 'Address',
  placeholder,
  note,
}: Fields<T> & { note: string }) {
  return (
    <div className="flex flex-col gap-3">
      <TextField form={form} name={name} label={label} hint={note} placeholder={placeholder} autoComplete="street-address" />
      <div className="grid gap-3 sm:grid-cols-2">
        <CoordinateField form={form} name={latitude} label="Latitude" placeholder="e.g. 12.9716" />
        <CoordinateField form={form} name={longitude} label="Longitude" placeholder="e.g. 77.5946" />
      </div>
    </div>
  )
}

/**
 * A coordinate as a number input: empty is -1 ("none", the default coordinate) and -1 shows empty, so the
 * person sees a blank field rather than a made-up value.
 */
function CoordinateField<T extends FieldValues>({
  form,
  name,
  label,
  placeholder,
}: {
  form: UseFormReturn<T>
  name: Path<T>
  label: string
  placeholder?: string
}) {
  const id = useId()
  const {
    field: { ref, value, onChange, onBlur, disabled, name: inputName },
  } = useController({ control: form.control, name })
  const [text, setText] = useState(() => (hasCoordinate(value) ? String(value) : ''))
  const parse = (raw: string) => (raw.trim() === '' ? DEFAULT_COORDINATE : Number(raw))
  // Follow a value set elsewhere (a reset); keep what is being typed ('12.') while it means the value.
  const shownText = Object.is(parse(text), value) ? text : hasCoordinate(value) ? String(value) : ''
  const shown = shownError(form, name)
  return (
    <FieldFrame id={id} label={label} error={shown}>
      <input
        id={id}
        ref={ref}
        name={inputName}
        type="number"
        inputMode="decimal"
        step="any"
        placeholder={placeholder}
        value={shownText}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value)
          onChange(parse(event.target.value))
        }}
        onBlur={onBlur}
        aria-invalid={shown ? true : undefined}
        aria-describedby={fieldDescribedBy(id, undefined, shown)}
        className={`min-h-10 ${fieldInputClass(shown)}`}
      />
    </FieldFrame>
  )
}
