import type { CmsPageType } from '@contract'
import { cmsTypeOfPath } from '@contract/cms-paths'
import { CMS_TYPE } from '@contract/enums'

/** What each CMS type is called, in the secondary menu and on its public page. */
export const CMS_TITLE = {
  [CMS_TYPE.PRIVACY_POLICY]: 'Privacy Policy',
  [CMS_TYPE.TERMS]: 'Terms & Conditions',
  [CMS_TYPE.FAQ]: "FAQ's",
  [CMS_TYPE.CONTACT_US]: 'Contact Us',
  [CMS_TYPE.SUPPORT]: 'Support',
} as const

/**
 * The rich-text page a route shows, by the contract's content-type helper (`cmsTypeOfPath`),
 * for the settings routes and the public ones alike; null for the FAQ, which is a list.
 */
export function cmsPageTypeOf(pathname: string): CmsPageType | null {
  const type = cmsTypeOfPath(pathname)
  return type === CMS_TYPE.FAQ ? null : type
}

/** The public content pages, in the order the public footer lists them. */
export const PUBLIC_PAGES = [
  { to: '/privacy-policy', title: CMS_TITLE[CMS_TYPE.PRIVACY_POLICY] },
  { to: '/term-and-conditions', title: CMS_TITLE[CMS_TYPE.TERMS] },
  { to: '/faq', title: 'FAQ' },
  { to: '/contact-us', title: CMS_TITLE[CMS_TYPE.CONTACT_US] },
  { to: '/support', title: CMS_TITLE[CMS_TYPE.SUPPORT] },
] as const

/** What a page nobody has written yet says. */
export const EMPTY_PAGE_TEXT = 'Nothing has been published here yet.'

/** Where each rich-text page is published. */
export const PUBLIC_PATH: Record<CmsPageType, string> = {
  [CMS_TYPE.PRIVACY_POLICY]: '/privacy-policy',
  [CMS_TYPE.TERMS]: '/term-and-conditions',
  [CMS_TYPE.CONTACT_US]: '/contact-us',
  [CMS_TYPE.SUPPORT]: '/support',
}

/** The heading of a public content page, by its path. */
export function publicTitleOf(pathname: string): string {
  const type = cmsPageTypeOf(pathname)
  return type === null ? 'Frequently Asked Questions' : CMS_TITLE[type]
}
