import type { HttpHandler } from 'msw'
import {
  CMS_MSG,
  CMS_PAGE_TYPES,
  CONFLICT_MSG,
  FAQS_MSG,
  cmsPage,
  cmsTypeParam,
  cmsUpdateBody,
  faq,
  faqBody,
  faqOrderBody,
  idParam,
  type CmsPage,
  type CmsPageType,
  type Faq,
} from '@contract'
// The server's own sanitiser: a save stores what the real server would hand out.
import { sanitizeRichText } from '../../../../server/content/sanitize'
import { created, fail, ok, route, storeOf } from '../db'
import { moveToTrash } from './trash'

const SEEDED_AT = '2025-03-01T09:30:00.000Z'

/** The seeded pages: short, as the demo's, in the HTML the editor makes. */
export const SEED_PAGES: Record<CmsPageType, string> = {
  1: '<h2>Information we collect</h2><p>Your <strong>name</strong>, email address and your pets\u2019 profiles.</p><ul><li>Account details</li><li>Pet profiles</li></ul>',
  2: '<h2>Using Petcare</h2><p>By using the app you agree to these terms.</p><ol><li>Be kind to pets.</li><li>Keep your account safe.</li></ol>',
  4: '<p>Write to <a href="mailto:hello@petcare.example">hello@petcare.example</a> or call us on weekdays.</p>',
  5: '<h2>Getting help</h2><p>Open <em>Settings &gt; Help</em> in the app to reach our support team.</p>',
}

export const SEED_FAQS: Pick<Faq, '_id' | 'title' | 'description'>[] = [
  {
    _id: '6f1c2a9e-0000-4000-8000-000000000001',
    title: 'How do I share my pet\u2019s profile?',
    description: 'Open the pet, tap Share and send the link.\nAnyone with the link can see the public details.',
  },
  { _id: '6f1c2a9e-0000-4000-8000-000000000002', title: 'Is Petcare free?', description: 'Yes. The app is free to download and use.' },
  {
    _id: '6f1c2a9e-0000-4000-8000-000000000003',
    title: 'How do I find a pet hospital nearby?',
    description: 'Open Hospitals and allow location access while you search.',
  },
]

type CmsStore = { pages: Map<CmsPageType, CmsPage>; faqs: Faq[] }

function seed(): CmsStore {
  return {
    pages: new Map(CMS_PAGE_TYPES.map((type) => [type, cmsPage.parse({ type, content: SEED_PAGES[type], updatedAt: SEEDED_AT, version: 1 })])),
    faqs: SEED_FAQS.map((f, order) => faq.parse({ ...f, order, createdAt: SEEDED_AT, updatedAt: SEEDED_AT })),
  }
}

/** This test's pages and FAQs: seeded afresh whenever the mock database is (resetDb). */
export const cmsDb = storeOf(seed)

/** As the server: a page nobody has written reads as empty, at version 0. */
const pageOf = (type: CmsPageType): CmsPage => cmsDb().pages.get(type) ?? { type, content: '', updatedAt: null, version: 0 }
const ordered = () => cmsDb().faqs.map((f, order) => ({ ...f, order }))

let made = 0
const nextId = () => `7a2d3b4c-0000-4000-8000-${String(++made).padStart(12, '0')}`
const now = () => new Date().toISOString()

export const cmsHandlers: HttpHandler[] = [
  route('get', '/admin/cms/list', { permission: 'read' }, () => ok(CMS_MSG.listed, CMS_PAGE_TYPES.map(pageOf))),

  route('put', '/admin/cms', { permission: 'cms.write', body: cmsUpdateBody }, ({ body }) => {
    // As the server: a save made from another version than the stored one (0: none) is refused.
    const stored = pageOf(body.type)
    if (stored.version !== body.version) return fail('CONFLICT', CONFLICT_MSG.edited)
    const page: CmsPage = { type: body.type, content: sanitizeRichText(body.content), updatedAt: now(), version: stored.version + 1 }
    cmsDb().pages.set(body.type, page)
    return ok(CMS_MSG.updated, page)
  }),

  // Public: no token needed.
  route('get', '/cms/:type', { params: cmsTypeParam }, ({ params }) => ok(CMS_MSG.fetched, pageOf(params.type))),

  // Public: no token needed.
  route('get', '/cms-faqs', {}, () => ok(FAQS_MSG.listed, ordered())),

  route('get', '/admin/faq', { permission: 'read' }, () => ok(FAQS_MSG.listed, ordered())),

  route('post', '/admin/faq', { permission: 'faq.write', body: faqBody }, ({ body }) => {
    const store = cmsDb()
    const added: Faq = { _id: nextId(), ...body, order: store.faqs.length, createdAt: now(), updatedAt: now() }
    store.faqs.push(added)
    return created(FAQS_MSG.added, added)
  }),

  // Before /admin/faq/:id, which would otherwise take 'order' for an id.
  route('put', '/admin/faq/order', { permission: 'faq.write', body: faqOrderBody }, ({ body }) => {
    const store = cmsDb()
    const byId = new Map(store.faqs.map((f) => [f._id, f]))
    const ids = body.ids.map((id) => id.toLowerCase())
    if (ids.length !== byId.size || new Set(ids).size !== ids.length || !ids.every((id) => byId.has(id))) {
      return fail('BAD_REQUEST', FAQS_MSG.orderIncomplete, { ids: FAQS_MSG.orderIncomplete })
    }
    store.faqs = ids.map((id) => byId.get(id)!)
    return ok(FAQS_MSG.ordered, ordered())
  }),

  route('put', '/admin/faq/:id', { permission: 'faq.write', params: idParam, body: faqBody }, ({ params, body }) => {
    const store = cmsDb()
    const index = store.faqs.findIndex((f) => f._id === params.id)
    if (index < 0) return fail('NOT_FOUND', FAQS_MSG.notFound)
    const updated: Faq = { ...store.faqs[index]!, ...body, updatedAt: now() }
    store.faqs[index] = updated
    return ok(FAQS_MSG.updated, { ...updated, order: index })
  }),

  route('delete', '/admin/faq/:id', { permission: 'faq.write', params: idParam }, ({ params, admin }) => {
    const store = cmsDb()
    const index = store.faqs.findIndex((f) => f._id === params.id)
    if (index < 0) return fail('NOT_FOUND', FAQS_MSG.notFound)
    moveToTrash(admin, 'faq', () => cmsDb().faqs, index, store.faqs[index]!.title)
    return ok(FAQS_MSG.deleted)
  }),
]
