import { MSG, PROFILE_IMAGE_MAX_BYTES } from '@contract'
import { notify } from '@/lib/toast'

/** What the picture picker offers (spec section 5: jpg, png or jpeg only). */
export const PICTURE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png'
const PICTURE_TYPES = ['image/jpeg', 'image/png']
const PICTURE_NAME = /\.(jpe?g|png)$/i

/** Our wording: the spec names the allowed types but gives no message for the others. */
export const PICTURE_MSG = {
  type: 'Only JPG, JPEG or PNG images can be chosen.',
  tooLarge: MSG.imagePicker1mb,
  comingSoon: 'Picture upload is coming soon.',
} as const

/** Why a chosen file cannot be the profile picture, or null when it can. */
export function pictureProblem(file: { name: string; type: string; size: number }): string | null {
  // The browser's type decides; a file it cannot type is judged by its name.
  const allowed = file.type ? PICTURE_TYPES.includes(file.type) : PICTURE_NAME.test(file.name)
  if (!allowed) return PICTURE_MSG.type
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return PICTURE_MSG.tooLarge
  return null
}

/**
 * A valid picture was chosen. UPLOAD GOES HERE (uploads issue): POST /common/upload for a signed
 * URL, send the file, then PUT admin/edit with `{ name, profileImage: url }` through
 * `useUpdateProfile`, which already stores the new picture. Until then, say so.
 */
export function onPicture(_file: File) {
  notify.message(PICTURE_MSG.comingSoon)
}
