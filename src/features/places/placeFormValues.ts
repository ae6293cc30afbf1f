import type { z } from 'zod'
import { DEFAULT_COORDINATE, type PlaceCreateBody, type PlaceDetails, type PlaceUpdateBody } from '@contract'
import { imageEditPayload } from '@/components/form/image-edit'
import { uploadedItems, uploadedUrls } from '@/lib/uploads'
import type { placeFormSchema } from './placeFormRules'

/**
 * The pet shop and hospital form's values: their types, the first values (from the place being
 * edited) and the request bodies made from them. The rules that check them are in
 * placeFormRules.ts, which loads after the form shows.
 */
export type PlaceFormInput = z.input<ReturnType<typeof placeFormSchema>>
export type PlaceFormValues = z.output<ReturnType<typeof placeFormSchema>>

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
    // A draft's 0, 0 is no position: the form asks for one, as for a new place.
    latitude: place.draft ? DEFAULT_COORDINATE : place.latitude,
    longitude: place.draft ? DEFAULT_COORDINATE : place.longitude,
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

/** POST body: every image is a new upload; no logo chosen means none is sent. */
export function placeCreatePayload(v: PlaceFormValues): PlaceCreateBody {
  const logo = uploadedUrls(v.logo)[0]
  return { ...textOf(v), images: uploadedUrls(v.images), ...(logo ? { logo } : {}) }
}

/**
 * PUT body: the image-list edit (components/form/image-edit.ts) from `place`, the place the form
 * was loaded from. The logo is left out when unchanged (kept), null when removed, its url when new.
 */
export function placeUpdatePayload(v: PlaceFormValues, place: Pick<PlaceDetails, 'logo' | 'version'>): PlaceUpdateBody {
  const logo = uploadedUrls(v.logo)[0] ?? null
  return {
    ...textOf(v),
    ...imageEditPayload(v.images, place),
    ...(logo !== place.logo ? { logo } : {}),
  }
}
