import type { CmsPageType } from '@contract'

/**
 * The CMS query keys, for the settings screens and the public pages alike: a save in settings
 * refreshes what the public page of the same session shows.
 */
export const cmsKeys = {
  all: ['cms'] as const,
  /** GET admin/cms/list: every page, for settings. */
  pages: () => [...cmsKeys.all, 'pages'] as const,
  /** GET admin/faq: the FAQ list, for settings. */
  faqs: () => [...cmsKeys.all, 'faqs'] as const,
  public: () => [...cmsKeys.all, 'public'] as const,
  /** GET cms/{type}: one page, for its public route. */
  publicPage: (type: CmsPageType) => [...cmsKeys.public(), 'page', type] as const,
  /** GET cms-faqs: the FAQ list, for /faq. */
  publicFaqs: () => [...cmsKeys.public(), 'faqs'] as const,
}
