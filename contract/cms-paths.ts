import { CMS_TYPE } from './enums'

/**
 * The product's content-type helper: which CMS type a route shows, for the in-app
 * settings routes and the public ones alike. Privacy policy 1, terms 2, contact us 4, support 5,
 * anything else (the FAQ) 3. Its own module, without zod: the public pages' frame needs it
 * on their first visit, and the pet page, which shares enums.ts, does not.
 */
export function cmsTypeOfPath(pathname: string): 1 | 2 | 3 | 4 | 5 {
  if (pathname.includes('privacy-policy')) return CMS_TYPE.PRIVACY_POLICY
  if (pathname.includes('term-and-conditions') || pathname.includes('terms-and-conditions')) return CMS_TYPE.TERMS
  if (pathname.includes('contact-us')) return CMS_TYPE.CONTACT_US
  if (pathname.includes('support')) return CMS_TYPE.SUPPORT
  return CMS_TYPE.FAQ
}
