import { zodResolver } from '@hookform/resolvers/zod'
import { placeFields, type PlaceKind } from '@contract'
import { imagesSchema } from '@/components/form/images-schema'

/**
 * The pet shop and hospital form's rules: the contract's text fields worded by kind, the images
 * (at least one on add, none required on edit, at most 20, none still uploading or failed) and an
 * optional logo (one image). Its own module, which the form loads once it shows (useLazyResolver).
 */
export const placeFormSchema = (kind: PlaceKind, { editing }: { editing: boolean }) =>
  placeFields(kind).extend({
    images: imagesSchema({ min: editing ? 0 : 1 }),
    logo: imagesSchema({ min: 0 }),
  })

export const placeFormResolver = (kind: PlaceKind, options: { editing: boolean }) => zodResolver(placeFormSchema(kind, options))
