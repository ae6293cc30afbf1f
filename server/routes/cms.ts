import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { CMS_PAGE_TYPES, cmsTypeParam, cmsUpdateBody, type CmsPage, type CmsPageType } from '../../contract'
import { sanitizeRichText } from '../content/sanitize'
import type { Db } from '../db/client'
import { cmsPages } from '../db/schema'
import type { Deps } from '../deps'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

export const CMS_MSG = {
  listed: 'CMS pages fetched successfully',
  fetched: 'Content fetched successfully',
  updated: 'Content updated successfully',
} as const

/** A page's name in the audit log. */
const CMS_PAGE_LABEL: Record<CmsPageType, string> = { 1: 'Privacy policy', 2: 'Terms and conditions', 4: 'Contact us', 5: 'Support' }

type CmsRow = Pick<typeof cmsPages.$inferSelect, 'type' | 'content' | 'updatedAt'>

const toCmsPage = (row: CmsRow): CmsPage => ({ type: row.type, content: row.content, updatedAt: row.updatedAt.toISOString() })

/** A type nobody has written yet reads as an empty page. */
const emptyPage = (type: CmsPageType): CmsPage => ({ type, content: '', updatedAt: null })

const pageColumns = { type: cmsPages.type, content: cmsPages.content, updatedAt: cmsPages.updatedAt }

/** Every CMS page, in type order, the missing ones empty. */
export async function listCmsPages(db: Db): Promise<CmsPage[]> {
  const rows = await db.select(pageColumns).from(cmsPages)
  const byType = new Map(rows.map((row) => [row.type, row]))
  return CMS_PAGE_TYPES.map((type) => {
    const row = byType.get(type)
    return row ? toCmsPage(row) : emptyPage(type)
  })
}

export async function cmsPageOf(db: Db, type: CmsPageType): Promise<CmsPage> {
  const [row] = await db.select(pageColumns).from(cmsPages).where(eq(cmsPages.type, type))
  return row ? toCmsPage(row) : emptyPage(type)
}

/**
 * CMS pages (DESIGN.md section 3): both roles read them in settings, only an admin saves
 * (a sub admin gets 403), and anyone reads one page for the public routes. Content is
 * sanitised before it is stored, so what the public call hands out is already clean.
 */
export const cmsRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/cms/list', permit('read'), async (c) => c.json(ok(CMS_MSG.listed, await listCmsPages(deps.db))))

    .put('/admin/cms', permit('cms.write', { action: 'cms.update', target: 'cmsPage' }), validate('json', cmsUpdateBody), async (c) => {
      const { type, content } = c.req.valid('json')
      const values = { content: sanitizeRichText(content), updatedAt: deps.clock.now(), updatedBy: c.get('signedIn').admin.id }
      const [row] = await deps.db
        .insert(cmsPages)
        .values({ type, ...values })
        .onConflictDoUpdate({ target: cmsPages.type, set: values })
        .returning(pageColumns)
      auditNote(c, { id: String(type), label: CMS_PAGE_LABEL[type] })
      return c.json(ok(CMS_MSG.updated, toCmsPage(row!)))
    })

    // Public: the privacy policy, terms, contact us and support pages open without a token.
    .get('/cms/:type', validate('param', cmsTypeParam), async (c) =>
      c.json(ok(CMS_MSG.fetched, await cmsPageOf(deps.db, c.req.valid('param').type))),
    )
