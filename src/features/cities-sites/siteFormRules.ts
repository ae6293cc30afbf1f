import { zodResolver } from '@hookform/resolvers/zod'
import { SITE_IMAGE_MAX_BYTES, siteFields } from '@contract'
import { imagesSchema } from '@/components/form/images-schema'

/**
 * The site form's rules (docs/DECISIONS.md, Content; the contract's `siteFields`, worded for a
 * site): name, description, the picked address with its coordinates, and the images: at least
 * one, also on edit (a site always shows one), at most 20, each JPG/JPEG/PNG/WEBP up to 20 MB,
 * none still uploading or failed. Its own module, which the form loads once it shows (useLazyResolver).
 */
export const siteFormSchema = siteFields.extend({
  images: imagesSchema({ min: 1, maxBytes: SITE_IMAGE_MAX_BYTES }),
})

export const siteFormResolver = zodResolver(siteFormSchema)
