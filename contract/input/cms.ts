import { z } from 'zod'
import { API_MSG } from '../messages'
import { cap, faqSchema } from '../validation'
import { VERSION_MSG } from '../versions'
import { CMS_CONTENT_MAX, CMS_NESTING_MAX, CMS_NESTING_MSG, cmsPageType, nestingDepth } from '../cms'

/** PUT /admin/cms: `version` is the page's version as loaded (0 for a page not written yet); an older one gets 409. */
export const cmsUpdateBody = z.strictObject({
  type: cmsPageType,
  content: z
    .string()
    .max(CMS_CONTENT_MAX, cap('Content is too long'))
    .refine((html) => nestingDepth(html) <= CMS_NESTING_MAX, CMS_NESTING_MSG),
  version: z.number({ error: VERSION_MSG }).int(VERSION_MSG).nonnegative(VERSION_MSG),
})
export type CmsUpdateBody = z.infer<typeof cmsUpdateBody>

/** GET /cms/{type} */
export const cmsTypeParam = z.object({ type: z.coerce.number().pipe(cmsPageType) })

/** POST /admin/faq and PUT /admin/faq/{id} take `faqSchema`; PUT /admin/faq/order takes every id in its new order. */
export const faqBody = faqSchema
export const faqOrderBody = z.strictObject({ ids: z.array(z.uuid({ message: API_MSG.invalidId })).min(1).max(1000) })
export type FaqOrderBody = z.infer<typeof faqOrderBody>
