import { UPLOAD_RULES } from '@contract'
import { IMAGES_MSG, acceptOf, imageProblem } from '@/components/form/images'

/** The profile picture's rules: jpg, png or jpeg only, 1 MB (1048576 bytes) at most. */
const rules = UPLOAD_RULES.profile

/** What the picture picker offers: `.jpg,.jpeg,.png,image/jpeg,image/png`. */
export const PICTURE_ACCEPT = acceptOf(rules.mimeTypes)

export const PICTURE_MSG = {
  /** Ours: the product names the allowed types but gives no message for the others. */
  type: IMAGES_MSG.type(rules.mimeTypes),
  /** 'Selected image exceeded 1MB and was not added.' */
  tooLarge: IMAGES_MSG.tooLarge(rules.maxBytes),
} as const

/** Why a chosen file cannot be the profile picture, or null when it can. */
export const pictureProblem = (file: { name: string; type: string; size: number }): string | null => imageProblem(file, rules)
