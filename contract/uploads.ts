import * as zm from 'zod/mini'
import { IMAGE_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES, SITE_IMAGE_MAX_BYTES } from './limits'
import { minutesText, MSG } from './messages'

/**
 * Uploads (docs/DECISIONS.md, Uploads): the browser asks POST /common/upload for one
 * signed form per file, then posts each file straight to the storage with the S3 POST-policy
 * protocol: a multipart form to `url` holding every entry of `fields` first and the file last,
 * under the name `file`; 204 (or 200) is success. The file is then readable at `fileUrl`, which
 * is `url + fields.key` unless a public base URL (a CDN) is configured for the bucket.
 */

/** The raster image types we accept and serve inline; each maps to the extension of its keys. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number]

/** Image file-name detection (for display): these extensions, any case, are labelled Image n. */
export const IMAGE_NAME = /\.(jpe?g|png|gif|webp|heic|bmp|tiff?|svg|ico)$/i
export const IMAGE_EXTENSION: Record<ImageMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

/**
 * Where a file goes, which decides its rules: `profile` (an admin's picture), `place` (pet shop
 * and hospital images and logos), `site` (site images).
 */
export const UPLOAD_FOLDERS = ['profile', 'place', 'site'] as const
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number]

export interface UploadRule {
  mimeTypes: readonly ImageMimeType[]
  maxBytes: number
  /** For messages: 'JPG, JPEG or PNG'. */
  typesLabel: string
}

export const UPLOAD_RULES: Record<UploadFolder, UploadRule> = {
  profile: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: PROFILE_IMAGE_MAX_BYTES, typesLabel: 'JPG, JPEG or PNG' },
  place: {
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    maxBytes: IMAGE_MAX_BYTES,
    typesLabel: 'JPG, JPEG, PNG, WEBP or GIF',
  },
  site: { mimeTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: SITE_IMAGE_MAX_BYTES, typesLabel: 'JPG, JPEG, PNG or WEBP' },
}

/** How long a signed form may be used; a retry after that asks for a new one. */
export const UPLOAD_LINK_TTL_MS = 10 * 60 * 1000

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
/** "2 GB", "500 MB": a quota as its message states it. */
const sizeText = (bytes: number) => (bytes >= 1024 ** 3 ? `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB` : megabytes(bytes))
/** "3 hours", or minutes under an hour. */
const waitText = (seconds: number) => {
  if (seconds < 3600) return minutesText(seconds)
  const hours = Math.ceil(seconds / 3600)
  return `${hours} hour${hours === 1 ? '' : 's'}`
}

export const UPLOAD_MSG = {
  signed: 'Upload links created successfully',
  notArray: 'Request body must be a JSON array of files',
  quota: (files: number, bytes: number, retryAfterS: number, per: 'admin' | 'API token' = 'admin') =>
    `Daily upload limit reached: up to ${files} files or ${sizeText(bytes)} per ${per} in 24 hours. Please try again in ${waitText(retryAfterS)}.`,
  filesMin: 'Choose at least one file to upload',
  filesMax: MSG.imagesMax,
  fileNameMax: 'File name should be maximum of 255 characters',
  folderType: `Folder type must be one of: ${UPLOAD_FOLDERS.join(', ')}`,
  mimeType: 'Only JPG, JPEG, PNG, WEBP or GIF images can be uploaded',
  mimeTypeOf: (folder: UploadFolder) => `Only ${UPLOAD_RULES[folder].typesLabel} images can be uploaded here`,
  // The upload endpoint of the built-in (disk) storage: the answers a signed post may get.
  notMultipart: 'Send the upload as multipart/form-data',
  malformed: 'The upload form could not be read',
  // What is wrong with an unreadable form (after `malformed` and a colon).
  partHeaderMalformed: 'A part header is malformed',
  partHeaderTooLong: 'A part header is too long',
  partNotFormData: 'A part is not form-data',
  partNoName: 'A part has no name',
  delimiterMalformed: 'A delimiter line is malformed',
  endedEarly: 'The form ended early',
  noFile: 'The upload form has no file: send it last, under the name "file"',
  fileNotLast: 'Send the file last, under the name "file"',
  fieldRepeated: (name: string) => `The form field "${name}" is sent more than once`,
  tooManyFields: 'The upload form has too many fields',
  fieldTooLarge: (name: string) => `The form field "${name}" is too long`,
  noPolicy: 'The upload form has no Policy or Signature: send every field of the signed upload',
  badSignature: 'The upload signature does not match its policy',
  badPolicy: 'The upload policy could not be read',
  expired: 'The upload link has expired. Please request a new one.',
  extraField: (name: string) => `The form field "${name}" is not allowed by the upload policy`,
  conditionFailed: (name: string) => `The form field "${name}" does not match the upload policy`,
  unsafeKey: 'The upload key is not allowed',
  exists: 'A file was already uploaded with this link. Please request a new one.',
  bodyTooLarge: 'The upload is too large',
  tooLarge: (maxBytes: number) => `The file is too large: the limit is ${megabytes(maxBytes)}`,
  empty: 'The file is empty',
  notImage: (mimeType: ImageMimeType) => `The file's content is not a ${IMAGE_EXTENSION[mimeType].toUpperCase()} image`,
  // Told by the picture's header: what opening it would take, not its file size.
  pictureTooLarge: (maxMegapixels: number) =>
    `The picture is too large to open: the limit is ${maxMegapixels} megapixels, fewer with transparency or 16-bit colour`,
} as const

/** One signed form: post `fields` (in this order), then the file as `file`, to `url`. */
export const signedUpload = zm.object({
  url: zm.string(),
  fields: zm.record(zm.string(), zm.string()),
  /** Where the file is readable once posted: `url + fields.key`, or the bucket's public base URL + key. */
  fileUrl: zm.string(),
})
export type SignedUpload = zm.infer<typeof signedUpload>

/** The `data` of POST /common/upload: one signed form per requested file, in the same order. */
export const uploadResult = zm.array(signedUpload)
export type UploadResult = zm.infer<typeof uploadResult>
