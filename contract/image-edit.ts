import { z } from 'zod'
import { IMAGES_MAX } from './limits'
import { MSG } from './messages'
import { cap, imageList, UPLOADED_FILE_PATH } from './validation'
import { editVersion } from './versions'

/**
 * The image list of a place or a site, as both bodies carry it. Adding sends the uploaded
 * addresses; editing sends the stored images it keeps (`previousImages`, in order), the new
 * uploads (`images`) and the version the edit was made from (contract/versions.ts).
 */

/** An image address as stored: what the upload flow returned, an uploaded file's path (`/uploads/<key>`) or an http(s) URL (a bucket's). */
export const imageUrl = z
  .string()
  .trim()
  .max(2048, cap())
  .refine((v) => UPLOADED_FILE_PATH.test(v) || /^https?:\/\/\S+$/.test(v), MSG.imageUrl)

/** The images of an add: new uploads, at least one, at most 20. */
export const addedImages = imageList(imageUrl, { min: 1 })

/** The refusals the schema cannot make: they need the storage or the stored record. */
export const IMAGE_EDIT_MSG = {
  notOurs: 'Please upload the image through the panel',
  notPrevious: 'This image is not one of the current images',
} as const

/**
 * The fields an edit's body adds to its text fields. `previousImages` is required: an edit that
 * forgot it must not silently drop every image.
 */
export const imageEditFields = {
  previousImages: z.array(imageUrl).max(IMAGES_MAX, MSG.imagesMax),
  images: z.array(imageUrl).max(IMAGES_MAX, MSG.imagesMax).default([]),
  version: editVersion,
}

/** What the server needs of an edit body to check and store its images. */
export interface ImageEdit {
  previousImages: string[]
  images: string[]
  version: number
}

/** Kept and new images together (the body's type is generic where this is used, so it is read here). */
const imageCount = (body: object) => {
  const { previousImages, images } = body as ImageEdit
  return previousImages.length + images.length
}

/**
 * An edit body: `fields` with the image-list edit, kept and new images together at most 20 and
 * at least `min` (a place may end with none, a site keeps one). Both counts are told on `images`.
 */
export const imageEditBody = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape, z.core.$strict>, { min }: { min: number }) =>
  fields
    .extend(imageEditFields)
    .refine((body) => imageCount(body) <= IMAGES_MAX, { message: MSG.imagesMax, path: ['images'] })
    .refine((body) => imageCount(body) >= min, { message: MSG.imagesMin, path: ['images'] })
