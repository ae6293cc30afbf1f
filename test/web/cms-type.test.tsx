import { screen } from '@testing-library/react'
import { CMS_TYPE, cmsTypeOfPath } from '@contract'
import { cmsPageTypeOf } from '@/features/cms/pages'
import { trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/** One content-type helper for the in-app and the public routes alike. */
const ROUTES: [inApp: string, publicPath: string, type: number][] = [
  ['/settings/privacy-policy', '/privacy-policy', CMS_TYPE.PRIVACY_POLICY],
  ['/settings/terms-and-conditions', '/term-and-conditions', CMS_TYPE.TERMS],
  ['/settings/faqs', '/faq', CMS_TYPE.FAQ],
  ['/settings/contact-us', '/contact-us', CMS_TYPE.CONTACT_US],
  ['/settings/support', '/support', CMS_TYPE.SUPPORT],
]

describe('the content-type helper', () => {
  it.each(ROUTES)('maps %s and %s to type %i', (inApp, publicPath, type) => {
    expect(cmsTypeOfPath(inApp)).toBe(type)
    expect(cmsTypeOfPath(publicPath)).toBe(type)
  })

  it('maps privacy to 1, terms to 2, contact to 4, support to 5 and anything else (the FAQ) to 3', () => {
    expect([1, 2, 3, 4, 5]).toEqual([CMS_TYPE.PRIVACY_POLICY, CMS_TYPE.TERMS, CMS_TYPE.FAQ, CMS_TYPE.CONTACT_US, CMS_TYPE.SUPPORT])
    expect(cmsTypeOfPath('/somewhere-else')).toBe(3)
    expect(cmsPageTypeOf('/faq')).toBeNull()
    expect(cmsPageTypeOf('/settings/faqs')).toBeNull()
  })

  it.each(ROUTES.filter(([, , type]) => type !== CMS_TYPE.FAQ))(
    'the public route behind %s, %s, asks for page type %i',
    async (_inApp, publicPath, type) => {
      const asked = trackRequests(`/cms/${type}`)
      renderRoute(publicPath)
      expect(await screen.findByRole('article')).toBeInTheDocument()
      expect(asked).toHaveLength(1)
    },
  )

  it('the public FAQ route asks for the FAQ list, not a page', async () => {
    const pages = [1, 2, 3, 4, 5].map((type) => trackRequests(`/cms/${type}`))
    const faqs = trackRequests('/cms-faqs')
    renderRoute('/faq')
    expect(await screen.findByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeInTheDocument()
    expect(faqs).toHaveLength(1)
    expect(pages.flat()).toEqual([])
  })
})
