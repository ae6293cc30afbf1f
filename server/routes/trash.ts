import { and, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import { TRASH_DAYS, TRASH_KINDS, TRASH_MSG, trashListQuery, trashParam, type TrashItem, type TrashKind, type TrashListQuery } from '../../contract'
import type { Db } from '../db/client'
import { lockFaqOrder } from '../db/queries/faq-order'
import { likePattern } from '../db/list'
import { isPgError, PG_CODE } from '../db/pg-errors'
import { admins, cities, cityNameKey, faqs, feedback, notifications, places, sites } from '../db/schema'
import { live } from '../db/trash'
import type { Deps } from '../deps'
import { conflict, notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { emitWebhookEvent } from '../webhooks/emit'
import { emitPlaceEvents } from '../webhooks/events'
import { erase } from '../storage/trash-erase'

const DAY_MS = 24 * 60 * 60 * 1000

/** How long a feedback's description is as its name in the trash (and the audit log's label). */
const FEEDBACK_NAME_MAX = 80

/**
 * One kind's rows in the trash, as the list's columns: each kind is one branch of a UNION ALL,
 * read through its table's partial index on deleted_at (only trashed rows are in it).
 */
interface TrashBranch {
  table: typeof places | typeof sites | typeof cities | typeof notifications | typeof faqs | typeof feedback
  where?: SQL
  name: SQL
  /** Why Restore would be refused now (TRASH_MSG), or null. */
  blocker?: SQL
}

const BRANCHES: Record<TrashKind, TrashBranch> = {
  petShop: {
    table: places,
    where: eq(places.kind, 'petShop'),
    name: sql`${places.name}`,
  },
  hospital: {
    table: places,
    where: eq(places.kind, 'hospital'),
    name: sql`${places.name}`,
  },
  site: {
    table: sites,
    name: sql`${sites.name}`,
    blocker: sql`case when not exists (select 1 from ${cities} where ${cities.id} = ${sites.cityId} and ${live(cities)})
      then ${TRASH_MSG.siteCityGone} end`,
  },
  city: {
    table: cities,
    name: sql`${cities.name}`,
    // Another city under the same name key (cities_name_key), among the live ones.
    blocker: sql`case when exists (select 1 from ${cities} as taken where taken.deleted_at is null
      and lower(btrim(taken.name)) = ${cityNameKey(cities)}) then ${TRASH_MSG.cityNameTaken} end`,
  },
  notification: { table: notifications, name: sql`${notifications.title}` },
  faq: { table: faqs, name: sql`${faqs.title}` },
  feedback: {
    table: feedback,
    name: sql`left(${feedback.description}, ${FEEDBACK_NAME_MAX})`,
  },
}

function branchSql(kind: TrashKind, search: string): SQL {
  const b = BRANCHES[kind]
  const where = and(isNotNull(b.table.deletedAt), b.where, search === '' ? undefined : sql`lower(${b.name}) like ${likePattern(search)}`)
  return sql`select ${b.table.id} as id, ${kind}::text as kind, ${b.name} as name, ${b.table.deletedAt} as deleted_at,
    ${b.table.deletedBy} as deleted_by, ${b.blocker ?? sql`null::text`} as blocker from ${b.table} where ${where}`
}

interface TrashRow {
  id: string
  kind: TrashKind
  name: string
  deleted_at: Date | string
  deleted_by: string | null
  email: string | null
  blocker: string | null
}

const toTrashItem = (r: TrashRow): TrashItem => {
  const deletedAt = new Date(r.deleted_at)
  return {
    _id: r.id,
    kind: r.kind,
    name: r.name,
    deletedAt: deletedAt.toISOString(),
    // The admin's account is gone once deleted_by is null (ON DELETE SET NULL): nobody to name.
    deletedBy: r.deleted_by === null || r.email === null ? null : { _id: r.deleted_by, email: r.email },
    purgeAt: new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
    restoreBlocker: r.blocker,
  }
}

/**
 * One page of the trash, every kind at once (or the filtered one): newest deletion first by
 * default, or by name. The trash is small (30 days of deletions), so its total is counted.
 */
async function trashPage(db: Db, q: TrashListQuery): Promise<{ rows: TrashItem[]; total: number }> {
  const kinds = q.filter === undefined ? TRASH_KINDS : [q.filter]
  const union = sql.join(
    kinds.map((kind) => branchSql(kind, q.search)),
    sql` union all `,
  )
  const dir = sql.raw(q.sortOrder === 1 ? 'asc' : 'desc')
  const order = q.sortOrder !== 0 && q.sortBy === 'name' ? sql`lower(t.name) ${dir}, t.id ${dir}` : sql`t.deleted_at ${dir}, t.id ${dir}`
  // Both drivers answer a raw statement with { rows }.
  const rowsOf = async <T>(statement: SQL) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows
  const [rows, counted] = await Promise.all([
    rowsOf<TrashRow>(sql`select t.*, ${admins.email} as email from (${union}) as t
      left join ${admins} on ${admins.id} = t.deleted_by
      order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    rowsOf<{ n: number }>(sql`select count(*)::int as n from (${union}) as t`),
  ])
  return { rows: rows.map(toTrashItem), total: Number(counted[0]?.n ?? 0) }
}

/** Brings a trashed row back as it was (same id, version, images); the FAQ to its old position. */
async function restore(db: Db, kind: TrashKind, id: string, at: Date): Promise<string> {
  const back = { deletedAt: null, deletedBy: null }
  return db
    .transaction(async (tx) => {
      switch (kind) {
        case 'petShop':
        case 'hospital': {
          const [row] = await tx
            .update(places)
            .set(back)
            .where(and(eq(places.id, id), eq(places.kind, kind), isNotNull(places.deletedAt)))
            .returning({ id: places.id, name: places.name })
          if (row) await emitPlaceEvents(tx, 'place.restored', kind, [row.id], at)
          return row?.name
        }
        case 'site': {
          const [site] = await tx
            .select({ cityId: sites.cityId })
            .from(sites)
            .where(and(eq(sites.id, id), isNotNull(sites.deletedAt)))
            .for('update')
          if (!site) return undefined
          // The city cannot go to the trash meanwhile (its delete waits, then sees this site); the lock
        // the site count's trigger takes anyway, taken first (as adding a site does).
          const [city] = await tx
            .select({ id: cities.id })
            .from(cities)
            .where(and(eq(cities.id, site.cityId), live(cities)))
            .for('no key update')
          if (!city) throw conflict(TRASH_MSG.siteCityGone)
          const [row] = await tx.update(sites).set(back).where(eq(sites.id, id)).returning({ name: sites.name })
          return row?.name
        }
        case 'city': {
          try {
            // The unique index decides: a live city may have taken the name meanwhile.
            const [row] = await tx
              .update(cities)
              .set(back)
              .where(and(eq(cities.id, id), isNotNull(cities.deletedAt)))
              .returning({ name: cities.name })
            return row?.name
          } catch (err) {
            if (isPgError(err, PG_CODE.uniqueViolation, 'cities_name_key')) throw conflict(TRASH_MSG.cityNameTaken)
            throw err
          }
        }
        case 'notification': {
          const [row] = await tx
            .update(notifications)
            .set(back)
            .where(and(eq(notifications.id, id), isNotNull(notifications.deletedAt)))
            .returning({ name: notifications.title })
          return row?.name
        }
        case 'faq': {
          await lockFaqOrder(tx)
          const [faq] = await tx
            .select({ sortOrder: faqs.sortOrder })
            .from(faqs)
            .where(and(eq(faqs.id, id), isNotNull(faqs.deletedAt)))
          if (!faq) return undefined
          // Back to its old position, or last when fewer FAQs are left; those from there on move down one.
          const liveCount = await tx.$count(faqs, live(faqs))
          const position = Math.min(faq.sortOrder, liveCount)
          await tx
            .update(faqs)
            .set({ sortOrder: sql`${faqs.sortOrder} + 1` })
            .where(and(live(faqs), gte(faqs.sortOrder, position)))
          const [row] = await tx
            .update(faqs)
            .set({ ...back, sortOrder: position })
            .where(eq(faqs.id, id))
            .returning({ id: faqs.id, name: faqs.title })
          if (row) await emitWebhookEvent(tx, 'faq.changed', { change: 'restored', faq: { _id: row.id, title: row.name } }, at)
          return row?.name
        }
        case 'feedback': {
          const [row] = await tx
            .update(feedback)
            .set(back)
            .where(and(eq(feedback.id, id), isNotNull(feedback.deletedAt)))
            .returning({ name: feedback.description })
          return row?.name
        }
      }
    })
    .then((name) => {
      if (name === undefined) throw notFound(TRASH_MSG.notFound)
      return name
    })
}

/**
 * Settings > Trash (admins only, 'trash.manage'): what was deleted in the last TRASH_DAYS, who
 * deleted it and when; Restore (also the Undo of a delete's toast) and Delete forever. Older
 * rows are purged by server/maintenance.ts.
 */
export const trashRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/trash', permit('trash.manage'), validate('query', trashListQuery), async (c) => {
      const q = c.req.valid('query')
      return c.json(listOk(TRASH_MSG.listed, await trashPage(deps.db, q), q))
    })

    .post('/admin/trash/:kind/:id/restore', permit('trash.manage', { action: 'trash.restore' }), validate('param', trashParam), async (c) => {
      const { kind, id } = c.req.valid('param')
      const name = await restore(deps.db, kind, id, deps.clock.now())
      auditNote(c, {
        type: kind,
        id,
        label: kind === 'feedback' ? name.slice(0, FEEDBACK_NAME_MAX) : name,
      })
      return c.json(ok(TRASH_MSG.restored, null))
    })

    .delete('/admin/trash/:kind/:id', permit('trash.manage', { action: 'trash.purge' }), validate('param', trashParam), async (c) => {
      const { kind, id } = c.req.valid('param')
      const [erased] = await erase(deps, kind, { id })
      if (!erased) throw notFound(TRASH_MSG.notFound)
      auditNote(c, {
        type: kind,
        id,
        label: kind === 'feedback' ? erased.name.slice(0, FEEDBACK_NAME_MAX) : erased.name,
      })
      return c.json(ok(TRASH_MSG.purged, null))
    })
