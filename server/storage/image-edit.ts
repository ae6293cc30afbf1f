import { IMAGE_EDIT_MSG, IMAGE_EXTENSION, UPLOAD_RULES, type ImageEdit, type UploadFolder } from '../../contract'
import { badRequest } from '../api-error'
import type { Storage } from './storage'

/**
 * The checks of a place's or a site's images that need the storage or the stored record: new
 * images must be files of ours (a client must not make the panel and the app load pictures from
 * elsewhere), and an edit may only keep images the record has. Images an edit leaves out are only
 * dropped from the record: their files stay in storage, since an address may be in use elsewhere
 * (copied to another record, or cached by the app).
 */

/**
 * The end of a file address that POST /common/upload signed for `folder`:
 * `<folder>/<year>/<month>/<uuid>.<ext>`, with an extension of the folder's image types. Such a
 * file passed that folder's upload rules (its types and its size limit).
 */
const keyEndOf = (folder: UploadFolder) => {
  const extensions = UPLOAD_RULES[folder].mimeTypes.map((type) => IMAGE_EXTENSION[type]).join('|')
  return new RegExp(`/${folder}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.(?:${extensions})$`)
}

/**
 * Which new images a record takes: files of `storage`, and with a `folder`, only files uploaded
 * to that folder (sites ask for theirs, so a site image is within the site rules).
 */
export interface ImageRules {
  storage: Storage
  folder?: UploadFolder
}

/** Whether `url` is a file of ours that the rules take as a new image. */
export const isOurUpload = ({ storage, folder }: ImageRules, url: string) =>
  storage.ownsUrl(url) && (folder === undefined || keyEndOf(folder).test(url))

/** Collects per-field image faults (the first per field), then throws them together as one 400. */
export function imageFaults(rules: ImageRules) {
  const fields: Record<string, string> = {}
  const add = (field: string, message: string) => {
    fields[field] ??= message
  }
  return {
    add,
    /** `url`, sent as `field`, must be a new image the rules take. */
    upload(field: string, url: string) {
      if (!isOurUpload(rules, url)) add(field, IMAGE_EDIT_MSG.notOurs)
    },
    throwAny() {
      const first = Object.values(fields)[0]
      if (first !== undefined) throw badRequest(first, fields)
    },
  }
}
export type ImageFaults = ReturnType<typeof imageFaults>

/** Each image once, in the order given. */
const distinct = (urls: readonly string[]) => [...new Set(urls)]

/**
 * An add's images: each a new upload the rules take (`images.<i>`). `more` adds the record's other
 * faults (a place's logo) to the same 400. Returns the images to store.
 */
export function checkAddedImages(rules: ImageRules, images: readonly string[], more?: (faults: ImageFaults) => void) {
  const faults = imageFaults(rules)
  images.forEach((url, i) => faults.upload(`images.${i}`, url))
  more?.(faults)
  faults.throwAny()
  return distinct(images)
}

/**
 * An edit's images: each kept one (`previousImages.<i>`) one of the `stored` images, so a client
 * cannot pass a foreign address off as one it keeps, and each new one (`images.<i>`) an upload
 * the rules take. `more` adds the record's other faults to the same 400. Returns the images to
 * store: the kept ones, then the new ones. Check the version first (db/queries/edit-version.ts):
 * a stale edit is told so before any image fault it may cause.
 */
export function checkImageEdit(
  rules: ImageRules,
  stored: readonly string[],
  body: Pick<ImageEdit, 'previousImages' | 'images'>,
  more?: (faults: ImageFaults) => void,
) {
  const faults = imageFaults(rules)
  const current = new Set(stored)
  body.previousImages.forEach((url, i) => {
    if (!current.has(url)) faults.add(`previousImages.${i}`, IMAGE_EDIT_MSG.notPrevious)
  })
  body.images.forEach((url, i) => faults.upload(`images.${i}`, url))
  more?.(faults)
  faults.throwAny()
  return distinct([...body.previousImages, ...body.images])
}
