import type { z } from 'zod'
import {
  DEFAULT_COORDINATE,
  IMAGES_MAX,
  SITE_IMAGE_MAX_BYTES,
  SITE_UPLOAD_TEXT,
  siteFields,
  type SiteCreateBody,
  type SiteDetails,
  type SiteUpdateBody,
} from '@contract'
import { imageEditPayload } from '@/components/form/image-edit'
import { imagesSchema } from '@/components/form/images'
import { uploadedItems, uploadedUrls } from '@/lib/uploads'

/**
 * The site form (docs/DECISIONS.md, Content; the contract's `siteFields`, worded for a site): name,
 * description, the picked address with its coordinates, and the images: at least one, also on
 * edit (a site always shows one), at most 20, each JPG/JPEG/PNG/WEBP up to 20 MB, none still
 * uploading or failed. Apart from the screen so its rules can be read alone.
 */
export const siteFormSchema = siteFields.extend({
  images: imagesSchema({ min: 1, maxBytes: SITE_IMAGE_MAX_BYTES }),
})
export type SiteFormInput = z.input<typeof siteFormSchema>
export type SiteFormValues = z.output<typeof siteFormSchema>

/** The picker's help line: the product's site upload text, and the count. */
export const SITE_IMAGES_HELP = `${SITE_UPLOAD_TEXT} each, at most ${IMAGES_MAX} images.`

/** The form's first values: empty with coordinates -1 ("none picked"), or the site being edited. */
export function siteFormDefaults(site?: SiteDetails): SiteFormInput {
  if (!site) {
    return { name: '', description: '', address: '', latitude: DEFAULT_COORDINATE, longitude: DEFAULT_COORDINATE, images: [] }
  }
  return {
    name: site.name,
    description: site.description,
    address: site.address,
    latitude: site.latitude,
    longitude: site.longitude,
    images: uploadedItems(site.images),
  }
}

const textOf = (v: SiteFormValues) => ({
  name: v.name,
  description: v.description,
  address: v.address,
  latitude: v.latitude,
  longitude: v.longitude,
})

/** POST body: the city the site is added to, and every image as a new upload. */
export const siteCreatePayload = (v: SiteFormValues, cityId: string): SiteCreateBody => ({
  cityId,
  ...textOf(v),
  images: uploadedUrls(v.images),
})

/** PUT body: the image-list edit (components/form/image-edit.ts) from `site`, the site the form was loaded from. */
export const siteUpdatePayload = (v: SiteFormValues, site: Pick<SiteDetails, 'version'>): SiteUpdateBody => ({
  ...textOf(v),
  ...imageEditPayload(v.images, site),
})
