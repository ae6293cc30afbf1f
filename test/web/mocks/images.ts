import { CONFLICT_MSG, IMAGE_EDIT_MSG, type ImageEdit, type UploadFolder } from '@contract'
import { db, fail } from './db'
import { UPLOAD_URL } from './handlers/uploads'

/**
 * The image checks of the place and site saves, as the server makes them
 * (server/storage/image-edit.ts, server/db/queries/edit-version.ts): new images are files the
 * upload handlers stored, a site's in the site folder; an edit keeps only stored images and names
 * the version it was made from. Each check answers with the images to store, or the refusal.
 */

/** A file the upload handlers stored (our storage's URL and a key posted once), in `folder` when one is named. */
export function isUploaded(url: string, folder?: UploadFolder) {
  if (!url.startsWith(UPLOAD_URL)) return false
  const key = url.slice(UPLOAD_URL.length)
  return db.uploads.stored.has(key) && (folder === undefined || key.startsWith(`${folder}/`))
}

/** Per-field image faults (the first per field), answered together as one 400. */
function imageFaults(folder: UploadFolder | undefined) {
  const fields: Record<string, string> = {}
  const add = (field: string, message: string) => {
    fields[field] ??= message
  }
  return {
    add,
    /** `url`, sent as `field`, must be a file uploaded through the panel. */
    upload(field: string, url: string) {
      if (!isUploaded(url, folder)) add(field, IMAGE_EDIT_MSG.notOurs)
    },
    answer() {
      const first = Object.values(fields)[0]
      return first === undefined ? undefined : fail('BAD_REQUEST', first, fields)
    },
  }
}
export type ImageFaults = ReturnType<typeof imageFaults>

/** Each image once, in the order given. */
const distinct = (urls: readonly string[]) => [...new Set(urls)]

/** An add's images (and, through `more`, its other faults, such as a place's logo). */
export function checkAddedImages(images: readonly string[], folder?: UploadFolder, more?: (faults: ImageFaults) => void) {
  const faults = imageFaults(folder)
  images.forEach((url, i) => faults.upload(`images.${i}`, url))
  more?.(faults)
  return faults.answer() ?? distinct(images)
}

/** An edit: a stale version first (409), then kept images not stored and new ones not uploaded (400). */
export function checkImageEdit(
  stored: { images: readonly string[]; version: number },
  body: ImageEdit,
  folder?: UploadFolder,
  more?: (faults: ImageFaults) => void,
) {
  if (stored.version !== body.version) return fail('CONFLICT', CONFLICT_MSG.edited)
  const faults = imageFaults(folder)
  body.previousImages.forEach((url, i) => {
    if (!stored.images.includes(url)) faults.add(`previousImages.${i}`, IMAGE_EDIT_MSG.notPrevious)
  })
  body.images.forEach((url, i) => faults.upload(`images.${i}`, url))
  more?.(faults)
  return faults.answer() ?? distinct([...body.previousImages, ...body.images])
}
