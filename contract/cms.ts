import * as zm from 'zod/mini'
import { CMS_TYPE } from './enums'

/**
 * CMS pages (docs/DECISIONS.md, Content): rich text stored as sanitised HTML, one page per type.
 * The FAQ (type 3) is its own ordered list of title-and-description entries.
 */
export const CMS_PAGE_TYPES = [CMS_TYPE.PRIVACY_POLICY, CMS_TYPE.TERMS, CMS_TYPE.CONTACT_US, CMS_TYPE.SUPPORT] as const
export const cmsPageType = zm.union(CMS_PAGE_TYPES.map((t) => zm.literal(t)) as [zm.ZodMiniLiteral<1>, zm.ZodMiniLiteral<2>, zm.ZodMiniLiteral<4>, zm.ZodMiniLiteral<5>])
export type CmsPageType = zm.infer<typeof cmsPageType>

/**
 * What CMS HTML may hold, for both sanitisers (the server's on write, the SPA's on render): the
 * tags a rich-text editor makes. Attributes beyond links' and images' are never kept.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'hr', 'span', 'img'] as const

/** Largest page body accepted, in characters of HTML. */
export const CMS_CONTENT_MAX = 200_000

/**
 * Deepest nesting of elements a page may have. An editor makes a few levels; tens of thousands
 * (`<b><i>` repeated) make the server's sanitiser take seconds, as its cost grows with the
 * square of the depth.
 */
export const CMS_NESTING_MAX = 100
export const CMS_NESTING_MSG = 'Content is nested too deeply'

/** Elements that never hold others, or whose end tag HTML lets a writer leave out: they add no depth. */
const FLAT_ELEMENTS = new Set(
  'area base br col embed hr img input link meta source track wbr p li dt dd option optgroup tr td th thead tbody tfoot colgroup rt rp'.split(' '),
)
/** A start or end tag; its attributes stop at the next < or >, so every character is read once. */
const TAG = /<(\/?)([A-Za-z][\w-]*)[^<>]*>/g

/** How deep the elements of some HTML nest (start tags less end tags), in one pass. */
export function nestingDepth(html: string): number {
  let depth = 0
  let deepest = 0
  for (const [tag, end, name] of html.matchAll(TAG)) {
    if (FLAT_ELEMENTS.has(name!.toLowerCase()) || tag.endsWith('/>')) continue
    depth = end ? Math.max(0, depth - 1) : depth + 1
    deepest = Math.max(deepest, depth)
  }
  return deepest
}

export const cmsPage = zm.object({
  type: cmsPageType,
  content: zm.string(),
  updatedAt: zm.nullable(zm.string()),
  /**
   * What the next save sends back (contract/versions.ts). A page nobody has written yet has no
   * row and reads as version 0; its first save creates it at version 1.
   */
  version: zm.int(),
})
export type CmsPage = zm.infer<typeof cmsPage>

export const faq = zm.object({
  _id: zm.string(),
  title: zm.string(),
  description: zm.string(),
  order: zm.int(),
  createdAt: zm.string(),
  updatedAt: zm.string(),
})
export type Faq = zm.infer<typeof faq>

/** What the CMS page calls answer. */
export const CMS_MSG = {
  listed: 'CMS pages fetched successfully',
  fetched: 'Content fetched successfully',
  updated: 'Content updated successfully',
} as const

/** What the FAQ calls answer; the SPA shows the same texts. */
export const FAQS_MSG = {
  listed: 'FAQs fetched successfully',
  added: 'FAQ added successfully',
  updated: 'FAQ updated successfully',
  deleted: 'FAQ deleted successfully',
  ordered: 'FAQ order updated successfully',
  notFound: 'FAQ not found',
  orderIncomplete: 'Send every FAQ exactly once',
} as const

/** Its own module: the public pages' frame loads it without zod. */
export { cmsTypeOfPath } from './cms-paths'
