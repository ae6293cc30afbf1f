import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { FAQS_MSG, faqBody, faqOrderBody, idParam, type Faq } from '../../contract'
import type { Db } from '../db/client'
import { lockFaqOrder } from '../db/queries/faq-order'
import { faqs } from '../db/schema'
import { live, trashedBy } from '../db/trash'
import type { Deps } from '../deps'
import { badRequest, notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { emitWebhookEvent } from '../webhooks/emit'

const liveFaq = (id: string) => and(eq(faqs.id, id), live(faqs))

const toFaq = (row: typeof faqs.$inferSelect): Faq => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  order: row.sortOrder,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** Every FAQ in its order, those in the trash left out (the list is short: no paging). */
export async function listFaqs(db: Db): Promise<Faq[]> {
  const rows = await db.select().from(faqs).where(live(faqs)).orderBy(asc(faqs.sortOrder), asc(faqs.createdAt), asc(faqs.id))
  return rows.map(toFaq)
}

/**
 * The FAQ (docs/DECISIONS.md, Content): a public ordered list, read by both roles in settings and
 * changed only by an admin (a sub admin gets 403). Titles and descriptions are plain text
 * (the SPA renders them as text), trimmed by the contract's schema, with the product's messages.
 * Positions of the live FAQs stay 0..n-1: a new FAQ goes last, a deleted one closes its gap (and
 * takes its old place back when restored).
 */
export const faqsRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    // Public: the /faq page opens without a token.
    .get('/cms-faqs', async (c) => c.json(ok(FAQS_MSG.listed, await listFaqs(deps.db))))

    .get('/admin/faq', permit('read'), async (c) => c.json(ok(FAQS_MSG.listed, await listFaqs(deps.db))))

    .post('/admin/faq', permit('faq.write', { action: 'faq.create', target: 'faq' }), validate('json', faqBody), async (c) => {
      const { title, description } = c.req.valid('json')
      const now = deps.clock.now()
      const row = await deps.db.transaction(async (tx) => {
        await lockFaqOrder(tx)
        const [made] = await tx
          .insert(faqs)
          .values({
            title,
            description,
            sortOrder: sql`(select coalesce(max(${faqs.sortOrder}) + 1, 0) from ${faqs} where ${live(faqs)})`,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        await emitWebhookEvent(tx, 'faq.changed', { change: 'created', faq: toFaq(made!) }, now)
        return made!
      })
      auditNote(c, { id: row.id, label: row.title })
      return c.json(ok(FAQS_MSG.added, toFaq(row)), 201)
    })

    // Before /admin/faq/:id, which would otherwise take 'order' for an id.
    .put('/admin/faq/order', permit('faq.write', { action: 'faq.reorder' }), validate('json', faqOrderBody), async (c) => {
      const ids = c.req.valid('json').ids.map((id) => id.toLowerCase())
      const ordered = await deps.db.transaction(async (tx) => {
        await lockFaqOrder(tx)
        const existing = new Set((await tx.select({ id: faqs.id }).from(faqs).where(live(faqs))).map((r) => r.id))
        const exactlyOnce = ids.length === existing.size && new Set(ids).size === ids.length && ids.every((id) => existing.has(id))
        if (!exactlyOnce) throw badRequest(FAQS_MSG.orderIncomplete, { ids: FAQS_MSG.orderIncomplete })
        const list = sql`array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`
        // Those in the trash keep their position: restoring one puts it back there.
        await tx
          .update(faqs)
          .set({ sortOrder: sql`array_position(${list}, ${faqs.id}) - 1` })
          .where(live(faqs))
        const ordered = await listFaqs(tx)
        await emitWebhookEvent(tx, 'faq.changed', { change: 'reordered', order: ordered.map((f) => f._id) }, deps.clock.now())
        return ordered
      })
      auditNote(c, { detail: { ids } })
      return c.json(ok(FAQS_MSG.ordered, ordered))
    })

    .put(
      '/admin/faq/:id',
      permit('faq.write', { action: 'faq.update', target: 'faq' }),
      validate('param', idParam),
      validate('json', faqBody),
      async (c) => {
        const { title, description } = c.req.valid('json')
        const now = deps.clock.now()
        const row = await deps.db.transaction(async (tx) => {
          const [updated] = await tx.update(faqs).set({ title, description, updatedAt: now }).where(liveFaq(c.req.valid('param').id)).returning()
          if (updated) await emitWebhookEvent(tx, 'faq.changed', { change: 'updated', faq: toFaq(updated) }, now)
          return updated
        })
        if (!row) throw notFound(FAQS_MSG.notFound)
        auditNote(c, { label: row.title })
        return c.json(ok(FAQS_MSG.updated, toFaq(row)))
      },
    )

    .delete('/admin/faq/:id', permit('faq.write', { action: 'faq.delete', target: 'faq' }), validate('param', idParam), async (c) => {
      await deps.db.transaction(async (tx) => {
        await lockFaqOrder(tx)
        // To the trash (server/routes/trash.ts), keeping its position for a restore; the live ones close the gap.
        const [gone] = await tx
          .update(faqs)
          .set(trashedBy(c.get('signedIn').admin.id, deps.clock.now()))
          .where(liveFaq(c.req.valid('param').id))
          .returning({ id: faqs.id, sortOrder: faqs.sortOrder, title: faqs.title })
        if (!gone) throw notFound(FAQS_MSG.notFound)
        await emitWebhookEvent(tx, 'faq.changed', { change: 'deleted', faq: { _id: gone.id, title: gone.title } }, deps.clock.now())
        auditNote(c, { label: gone.title })
        await tx
          .update(faqs)
          .set({ sortOrder: sql`${faqs.sortOrder} - 1` })
          .where(and(gt(faqs.sortOrder, gone.sortOrder), live(faqs)))
      })
      return c.json(ok(FAQS_MSG.deleted, null))
    })
