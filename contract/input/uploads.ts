import { z } from 'zod'
import { IMAGES_MAX } from '../limits'
import { MSG } from '../messages'
import { cap } from '../validation'
import { IMAGE_MIME_TYPES, UPLOAD_FOLDERS, UPLOAD_MSG, UPLOAD_RULES } from '../uploads'

/** `image/jpg` is not a registered type, but some clients send it for a .jpg file. */
const normalMimeType = (v: string) => (v === 'image/jpg' ? 'image/jpeg' : v)

/** One file the browser means to upload. Its name is never used in a path: the server picks every key. */
export const uploadFileRequest = z
  .strictObject({
    fileName: z.string(MSG.required).trim().min(1, MSG.required).max(255, cap(UPLOAD_MSG.fileNameMax)),
    mimeType: z
      .string(MSG.required)
      .max(100, cap(UPLOAD_MSG.mimeType))
      .trim()
      .toLowerCase()
      .transform(normalMimeType)
      .pipe(z.enum(IMAGE_MIME_TYPES, UPLOAD_MSG.mimeType)),
    folderType: z.enum(UPLOAD_FOLDERS, UPLOAD_MSG.folderType),
  })
  .superRefine((v, ctx) => {
    if (!UPLOAD_RULES[v.folderType].mimeTypes.includes(v.mimeType)) {
      ctx.addIssue({ code: 'custom', path: ['mimeType'], message: UPLOAD_MSG.mimeTypeOf(v.folderType) })
    }
  })
export type UploadFileRequest = z.input<typeof uploadFileRequest>

/** The body of POST /common/upload: a JSON array of 1 to 20 files. */
export const uploadRequest = z.array(uploadFileRequest).min(1, UPLOAD_MSG.filesMin).max(IMAGES_MAX, UPLOAD_MSG.filesMax)
export type UploadRequest = z.input<typeof uploadRequest>
