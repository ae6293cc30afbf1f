import { IMAGE_MAX_BYTES, IMAGE_NAME, IMAGES_MAX, MSG } from '@contract'
import { fileMimeType, type UploadItem } from '@/lib/uploads'

/**
 * The rules of an image picker, apart from the component so forms and tests
 * can use them: what a pick refuses and with which words, and how images are labelled. The
 * schema of an images field is in images-schema.ts, which loads with a form's other rules.
 */

const MB = 1024 * 1024
/** 5242880 -> '5', 20971520 -> '20', 1572864 -> '1.5'. */
export const megabytes = (bytes: number) => String(Math.round((bytes / MB) * 10) / 10)

const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
}
const extensionsOf = (mimeTypes: readonly string[]) => mimeTypes.flatMap((type) => EXTENSIONS[type] ?? [])

/** For a file input's `accept`: `.jpg,.jpeg,.png,image/jpeg,image/png`. */
export const acceptOf = (mimeTypes: readonly string[]) =>
  [...extensionsOf(mimeTypes).map((ext) => `.${ext}`), ...mimeTypes].join(',')

/** For people: 'JPG, JPEG or PNG'. */
export function typesLabel(mimeTypes: readonly string[]) {
  const names = extensionsOf(mimeTypes).map((ext) => ext.toUpperCase())
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')
}

export const IMAGES_MSG = {
  /** The product's words, with the figure of the picker's limit ('Selected image exceeded 5MB and was not added.'). */
  tooLarge: (maxBytes: number) => `Selected image exceeded ${megabytes(maxBytes)}MB and was not added.`,
  tooMany: MSG.imagesMax,
  /** Ours: the same refusal for a picker that holds fewer than 20 (a logo: 'At max you can upload 1 image'). */
  tooManyOf: (max: number) => (max === IMAGES_MAX ? MSG.imagesMax : `At max you can upload ${max} ${max === 1 ? 'image' : 'images'}`),
  /** Ours: the product lists the types but words no refusal. */
  type: (mimeTypes: readonly string[]) => `Only ${typesLabel(mimeTypes)} images can be chosen.`,
  /** The product's words for 5 MB; the same words for another limit. */
  fileSize: (maxBytes: number) => (maxBytes === IMAGE_MAX_BYTES ? MSG.imageSize : `File size should be less than ${megabytes(maxBytes)}MB`),
  /** Ours: what a form says when it is sent too early. */
  uploading: 'Please wait until every image has finished uploading.',
  failed: 'Some images failed to upload. Retry or remove them.',
  /** Ours, from the product's advice (a 1:1 aspect ratio is advised; site text: JPG/JPEG/PNG/WEBP up to 20 MB). */
  help: (mimeTypes: readonly string[], maxBytes: number, max: number) =>
    `A 1:1 (square) aspect ratio is advised. ${typesLabel(mimeTypes)}, up to ${megabytes(maxBytes)} MB each, at most ${max} ${max === 1 ? 'image' : 'images'}.`,
} as const

export interface ImageRules {
  mimeTypes: readonly string[]
  maxBytes: number
}

/** Why a picked file cannot be taken, or null. The browser's type decides; an untyped file is judged by its name. */
export function imageProblem(file: { name: string; type: string; size: number }, { mimeTypes, maxBytes }: ImageRules): string | null {
  if (!mimeTypes.includes(fileMimeType(file))) return IMAGES_MSG.type(mimeTypes)
  if (file.size > maxBytes) return IMAGES_MSG.tooLarge(maxBytes)
  return null
}

/**
 * Split a pick into the files taken and the refusals (each message once): a wrong type, a file
 * over the limit, and every file past `max` images in all (`count` are there already).
 */
export function pickImages<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
  { count, max = IMAGES_MAX, ...rules }: ImageRules & { count: number; max?: number },
): { taken: F[]; refusals: string[] } {
  const taken: F[] = []
  const refusals = new Set<string>()
  for (const file of files) {
    const problem = imageProblem(file, rules)
    if (problem) refusals.add(problem)
    else if (count + taken.length >= max) refusals.add(IMAGES_MSG.tooManyOf(max))
    else taken.push(file)
  }
  return { taken, refusals: [...refusals] }
}

/** The last path segment of a url, decoded: what an earlier upload is called. */
function urlName(url: string) {
  const path = url.split(/[?#]/)[0] ?? ''
  const segment = path.slice(path.lastIndexOf('/') + 1)
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The item's file name: the picked file's, or the last segment of its url. */
export const imageFileName = (item: UploadItem) => item.file?.name ?? (item.status === 'success' ? urlName(item.url) : '')

/** A file named like an image (IMAGE_NAME) is labelled 'Image n' (n from 1); anything else keeps its name. */
export function imageLabel(item: UploadItem, index: number) {
  const name = imageFileName(item)
  return IMAGE_NAME.test(name) || !name ? `Image ${index + 1}` : name
}
