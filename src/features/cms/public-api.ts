import * as zm from 'zod/mini'
import { queryOptions } from '@tanstack/react-query'
import { cmsPage, faq, type CmsPageType } from '@contract'
import { http, withData } from '@/lib/http'
import { cmsKeys } from './keys'
import { cmsPageTypeOf } from './pages'

/** GET cms/{type}: one page for its public route, no sign-in needed. */
export const publicCmsPageQuery = (type: CmsPageType) =>
  queryOptions({
    queryKey: cmsKeys.publicPage(type),
    queryFn: async () => (await http.get(`cms/${type}`, withData(cmsPage))).data,
  })

/** GET cms-faqs: the FAQ in its order, for /faq, no sign-in needed. */
export const publicFaqsQuery = queryOptions({
  queryKey: cmsKeys.publicFaqs(),
  queryFn: async () => (await http.get('cms-faqs', withData(zm.array(faq)))).data,
})

/** A public rich-text route's loader: the page its path names (by the content-type helper). */
export function publicPageQueryOf(pathname: string) {
  const type = cmsPageTypeOf(pathname)
  if (type === null) throw new Error(`No CMS page at ${pathname}`)
  return publicCmsPageQuery(type)
}
