import { z } from 'zod'
import { IMAGES_MAX } from '../limits'
import { MSG } from '../messages'
import { cap } from '../validation'
import { IMAGE_MIME_TYPES, UPLOAD_FOLDERS, UPLOAD_MSG, UPLOAD_RULES, type ImageMimeType, type UploadFolder } from '../uploads'

/** `image/jpg` is not a registered type, but some clients send it for a .jpg file. */
const normalMimeType = (v: string) => (v === 'image/jpg' ? 'image/jpeg' : v)

/** A file's name and type, as every signing call takes them. Its name is never used in a path: the server picks every key. */
const uploadFileShape = {
  fileName: z.string(MSG.required).trim().min(1, MSG.required).max(255, cap(UPLOAD_MSG.fileNameMax)),
  mimeType: z
    .string(MSG.required)
    .max(100, cap(UPLOAD_MSG.mimeType))
    .trim()
    .toLowerCase()
    .transform(normalMimeType)
    .pipe(z.enum(IMAGE_MIME_TYPES, UPLOAD_MSG.mimeType)),
}

/** The folder's rule on a file's type: a type it does not take is refused on `mimeType`, naming the folder's types. */
const takenBy = (folder: UploadFolder, mimeType: ImageMimeType, ctx: z.RefinementCtx) => {
  if (!UPLOAD_RULES[folder].mimeTypes.includes(mimeType)) {
    ctx.addIssue({ code: 'custom', path: ['mimeType'], message: UPLOAD_MSG.mimeTypeOf(folder) })
  }
}

/** One file the browser means to upload, and the folder it goes to. */
export const uploadFileRequest = z
  .strictObject({ ...uploadFileShape, folderType: z.enum(UPLOAD_FOLDERS, UPLOAD_MSG.folderType) })
  .superRefine((v, ctx) => takenBy(v.folderType, v.mimeType, ctx))
export type UploadFileRequest = z.input<typeof uploadFileRequest>

/** The body of POST /common/upload: a JSON array of 1 to 20 files. */
export const uploadRequest = z.array(uploadFileRequest).min(1, UPLOAD_MSG.filesMin).max(IMAGES_MAX, UPLOAD_MSG.filesMax)
export type UploadRequest = z.input<typeof uploadRequest>

/**
 * The body of an integration signing call (POST /integration/uploads/...): 1 to 20 files under
 * `files`, whose folder the call decides. An object rather than the admin call's bare array, so
 * that it is validated and documented as every other integration body is.
 */
export const folderUploadRequest = (folder: UploadFolder) =>
  z.strictObject({
    files: z
      .array(z.strictObject(uploadFileShape).superRefine((v, ctx) => takenBy(folder, v.mimeType, ctx)), MSG.required)
      .min(1, UPLOAD_MSG.filesMin)
      .max(IMAGES_MAX, UPLOAD_MSG.filesMax),
  })
export type FolderUploadRequest = z.input<ReturnType<typeof folderUploadRequest>>
