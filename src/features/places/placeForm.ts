import type { z } from 'zod'
import { DEFAULT_COORDINATE, placeFields, type PlaceCreateBody, type PlaceDetails, type PlaceKind, type PlaceUpdateBody } from '@contract'
import { imagesSchema } from '@/components/form/images'
import { uploadedItems, uploadedUrls, type UploadItem } from '@/lib/uploads'

/**
 * The pet shop and hospital form: the contract's text fields worded by
 * kind, the images (at least one on add, none required on edit, at most 20, none still uploading
 * or failed) and an optional logo (one image). Apart from the screen so its rules can be read alone.
 */
export const placeFormSchema = (kind: PlaceKind, { editing }: { editing: boolean }) =>
  placeFields(kind).extend({
    images: imagesSchema({ min: editing ? 0 : 1 }),
    logo: imagesSchema({ min: 0 }),
  })
export type PlaceFormInput = z.input<ReturnType<typeof placeFormSchema>>
export type PlaceFormValues = z.output<ReturnType<typeof placeFormSchema>>
export type PlaceFormField = keyof PlaceFormInput

const FORM_FIELDS: readonly PlaceFormField[] = [
  'name',
  'description',
  'discount_title',
  'discount_description',
  'address',
  'latitude',
  'longitude',
  'images',
  'logo',
]

/** The form's first values: empty with coordinates -1 ("none chosen"), or the place being edited. */
export function placeFormDefaults(place?: PlaceDetails): PlaceFormInput {
  if (!place) {
    return {
      name: '',
      description: '',
      discount_title: '',
      discount_description: '',
      address: '',
      latitude: DEFAULT_COORDINATE,
      longitude: DEFAULT_COORDINATE,
      images: [],
      logo: [],
    }
  }
  return {
    name: place.name,
    description: place.description,
    discount_title: place.discount_title ?? '',
    discount_description: place.discount_description ?? '',
    address: place.address,
    latitude: place.latitude,
    longitude: place.longitude,
    images: uploadedItems(place.images),
    logo: uploadedItems(place.logo ? [place.logo] : []),
  }
}

const textOf = (v: PlaceFormValues) => ({
  name: v.name,
  description: v.description,
  discount_title: v.discount_title,
  discount_description: v.discount_description,
  address: v.address,
  latitude: v.latitude,
  longitude: v.longitude,
})

/** A file uploaded from this form (it has its picked file), as opposed to a kept earlier image. */
const isNew = (item: UploadItem) => !!item.file

/** POST body: every image is a new upload; no logo chosen means none is sent. */
export function placeCreatePayload(v: PlaceFormValues): PlaceCreateBody {
  const logo = uploadedUrls(v.logo)[0]
  return { ...textOf(v), images: uploadedUrls(v.images), ...(logo ? { logo } : {}) }
}

/**
 * PUT body: `previousImages` are the earlier images still in the list (in order), `images` the
 * new uploads. The logo is left out when unchanged (kept), null when removed, its url when new.
 * `place` is the place the form was loaded from: its version is the one the edit was made from.
 */
export function placeUpdatePayload(v: PlaceFormValues, place: Pick<PlaceDetails, 'logo' | 'version'>): PlaceUpdateBody {
  const logo = uploadedUrls(v.logo)[0] ?? null
  return {
    ...textOf(v),
    previousImages: uploadedUrls(v.images.filter((item) => !isNew(item))),
    images: uploadedUrls(v.images.filter(isNew)),
    ...(logo !== place.logo ? { logo } : {}),
    version: place.version,
  }
}

/**
 * The form field a server field message belongs to: 'images.0' and 'previousImages.1' are the
 * images field, 'logo' the logo; anything the form does not hold has no field.
 */
export function placeFormField(serverField: string): PlaceFormField | undefined {
  const head = serverField.split('.')[0] ?? ''
  if (head === 'previousImages') return 'images'
  return (FORM_FIELDS as readonly string[]).includes(head) ? (head as PlaceFormField) : undefined
}

/** A 400's `fields` keyed by the form's fields (the first message of each). */
export function placeFormErrors(fields: Record<string, string> | undefined): Partial<Record<PlaceFormField, string>> {
  const errors: Partial<Record<PlaceFormField, string>> = {}
  for (const [key, message] of Object.entries(fields ?? {})) {
    const field = placeFormField(key)
    if (field) errors[field] ??= message
  }
  return errors
}
