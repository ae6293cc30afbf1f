import { z } from 'zod'
import { IMAGE_MAX_BYTES, imageList } from '@contract'
import { uploadsFailed, uploadsRunning, type UploadItem } from '@/lib/uploads'
import { IMAGES_MSG } from './images'

const isUploadItem = (v: unknown): v is UploadItem =>
  typeof v === 'object' && v !== null && typeof (v as UploadItem).id === 'string' && typeof (v as UploadItem).status === 'string'

/**
 * The schema of an images field (its value: the picker's items): at least `min` (1 on create
 * forms), at most 20, each new file within `maxBytes`, and nothing still uploading or failed, so
 * a form cannot be sent before its images are stored. Send `uploadedUrls(values.images)`.
 */
export const imagesSchema = ({ min = 0, maxBytes = IMAGE_MAX_BYTES }: { min?: number; maxBytes?: number } = {}) =>
  imageList(z.custom<UploadItem>(isUploadItem), { min })
    .refine((items) => items.every((item) => !item.file || item.file.size <= maxBytes), IMAGES_MSG.fileSize(maxBytes))
    .refine((items) => !uploadsRunning(items), IMAGES_MSG.uploading)
    .refine((items) => !uploadsFailed(items), IMAGES_MSG.failed)
