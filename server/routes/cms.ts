import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { CMS_MSG, CMS_PAGE_TYPES, CONFLICT_MSG, cmsTypeParam, cmsUpdateBody, type CmsPage, type CmsPageType } from '../../contract'
import { sanitizeRichText } from '../content/sanitize'
import type { Db } from '../db/client'
import { cmsPages } from '../db/schema'
import type { Deps } from '../deps'
import { conflict } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { emitWebhookEvent } from '../webhooks/emit'

/** A page's name in the audit log. */
const CMS_PAGE_LABEL: Record<CmsPageType, string> = { 1: 'Privacy policy', 2: 'Terms and conditions', 4: 'Contact us', 5: 'Support' }

type CmsRow = Pick<typeof cmsPages.$inferSelect, 'type' | 'content' | 'updatedAt' | 'version'>

const toCmsPage = (row: CmsRow): CmsPage => ({
  type: row.type,
  content: row.content,
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
})

/**
 * A type nobody has written yet reads as an empty page at version 0: its first save sends 0 and
 * creates the row (at version 1); a second first save from version 0 then gets 409.
 */
const emptyPage = (type: CmsPageType): CmsPage => ({ type, content: '', updatedAt: null, version: 0 })

const pageColumns = { type: cmsPages.type, content: cmsPages.content, updatedAt: cmsPages.updatedAt, version: cmsPages.version }

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
 * CMS pages (docs/DECISIONS.md, Content and Roles): both roles read them in settings, only an admin saves
 * (a sub admin gets 403), and anyone reads one page for the public routes. Content is
 * sanitised before it is stored, so what the public call hands out is already clean.
 */
export const cmsRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/cms/list', permit('read'), async (c) => c.json(ok(CMS_MSG.listed, await listCmsPages(deps.db))))

    /**
     * Edit conflicts (contract/versions.ts): the save is one conditional statement. From version 0
     * (no row yet) it inserts, and a row written meanwhile makes the insert do nothing; from a
     * later version it updates `WHERE type = $1 AND version = $2`, raising the version by one. No
     * row back means someone else saved first: 409, nothing stored. (Pages are never deleted, so
     * there is no 404 here.)
     */
    .put('/admin/cms', permit('cms.write', { action: 'cms.update', target: 'cmsPage' }), validate('json', cmsUpdateBody), async (c) => {
      const { type, content, version } = c.req.valid('json')
      const values = { content: sanitizeRichText(content), updatedAt: deps.clock.now(), updatedBy: c.get('signedIn').admin.id }
      const row = await deps.db.transaction(async (tx) => {
        const [saved] =
          version === 0
            ? await tx.insert(cmsPages).values({ type, ...values }).onConflictDoNothing({ target: cmsPages.type }).returning(pageColumns)
            : await tx
                .update(cmsPages)
                .set({ ...values, version: sql`${cmsPages.version} + 1` })
                .where(and(eq(cmsPages.type, type), eq(cmsPages.version, version)))
                .returning(pageColumns)
        if (saved) await emitWebhookEvent(tx, 'cms_page.changed', { page: toCmsPage(saved) }, values.updatedAt)
        return saved
      })
      if (!row) throw conflict(CONFLICT_MSG.edited)
      auditNote(c, { id: String(type), label: CMS_PAGE_LABEL[type] })
      return c.json(ok(CMS_MSG.updated, toCmsPage(row)))
    })

    // Public: the privacy policy, terms, contact us and support pages open without a token.
    .get('/cms/:type', validate('param', cmsTypeParam), async (c) =>
      c.json(ok(CMS_MSG.fetched, await cmsPageOf(deps.db, c.req.valid('param').type))),
    )
