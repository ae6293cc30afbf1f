import type { z } from 'zod'
import {
  DEFAULT_COORDINATE,
  IMAGES_MAX,
  SITE_UPLOAD_TEXT,
  type SiteCreateBody,
  type SiteDetails,
  type SiteUpdateBody,
} from '@contract'
import { imageEditPayload } from '@/components/form/image-edit'
import { uploadedItems, uploadedUrls } from '@/lib/uploads'
import type { siteFormSchema } from './siteFormRules'

/**
 * The site form's values: their types, the first values (from the site being edited) and the
 * request bodies made from them. The rules that check them are in siteFormRules.ts, which loads
 * after the form shows.
 */
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
