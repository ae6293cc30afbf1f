import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { z } from 'zod'
import { can, validationFailure } from '../../contract'
import type { ListName } from '../../contract/preferences'
import { LIST_PERMISSION, PERSONAL_VIEWS_MAX, SAVED_VIEW_MSG, savedViewIdParam, type SavedView } from '../../contract/saved-views'
import { savedViewCreate, savedViewListQuery, savedViewPatch } from '../../contract/input/saved-views'
import { badRequest, conflict, forbidden, notFound } from '../api-error'
import type { Db } from '../db/client'
import { isPgError, PG_CODE } from '../db/pg-errors'
import { admins, savedViews } from '../db/schema'
import type { Deps } from '../deps'
import { permit } from '../http/auth'
import { recordAudit } from '../http/audit'
import type { AppContext, AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

type Row = typeof savedViews.$inferSelect

const NAME_KEYS = ['saved_views_personal_name_key', 'saved_views_shared_name_key']

const toView = (row: Row, owner: { id: string; email: string } | null, me: string): SavedView => ({
  _id: row.id,
  list: row.list as ListName,
  name: row.name,
  shared: row.shared,
  state: row.state,
  owner: owner ? { _id: owner.id, email: owner.email } : null,
  mine: row.ownerId === me,
  createdAt: row.createdAt.toISOString(),
})

const withOwner = (db: Db) =>
  db
    .select({ view: savedViews, owner: { id: admins.id, email: admins.email } })
    .from(savedViews)
    .leftJoin(admins, eq(admins.id, savedViews.ownerId))

/**
 * Refuses (409) a personal view more than PERSONAL_VIEWS_MAX of one admin's for a list. The
 * admin's row is locked first, so one admin's saves run one after another and two at once cannot
 * both pass the count.
 */
async function ensurePersonalRoom(tx: Pick<Db, 'select'>, adminId: string, list: string): Promise<void> {
  await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for('update')
  const [kept] = await tx
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, adminId), eq(savedViews.list, list), eq(savedViews.shared, false)))
  if ((kept?.n ?? 0) >= PERSONAL_VIEWS_MAX) throw conflict(SAVED_VIEW_MSG.tooMany)
}

/** A write that may give a view a name its owner (or the shared views) already has: the unique indexes decide, 409. */
async function uniqueName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (err) {
    if (NAME_KEYS.some((key) => isPgError(err, PG_CODE.uniqueViolation, key))) throw conflict(SAVED_VIEW_MSG.duplicate)
    throw err
  }
}

/** Views of a list are for those who may open the list (the audit log's views, admins only). */
function mayOpen(c: AppContext, list: ListName) {
  if (!can(c.get('signedIn').admin.role, LIST_PERMISSION[list])) throw forbidden()
}

/** A list's state, checked against the list's own query: a 400 with `state.*` fields when it does not fit. */
function stateFor(list: ListName, state: Record<string, unknown>) {
  const checked = savedViewCreate.safeParse({ list, name: 'x', state })
  if (!checked.success) {
    const { message, fields } = validationFailure(checked.error)
    throw badRequest(message, fields)
  }
  return checked.data.state
}

/**
 * Shared views change what every admin sees: their changes are audited. Personal ones are the
 * admin's own, like preferences.
 */
const auditShared = (c: AppContext, action: 'view.create' | 'view.update' | 'view.delete', row: Row, detail?: Record<string, unknown>) =>
  recordAudit(c, {
    action,
    target: { type: 'view', id: row.id, label: row.name },
    detail: { list: row.list, ...detail },
  })

/**
 * Saved views of the lists (contract/saved-views.ts). Every admin sees their own personal views
 * and all shared ones; each manages their own personal views; only an admin ('view.share')
 * makes, changes or deletes a shared view, or shares one. Another admin's personal view does not
 * exist for the caller (404).
 */
/**
 * The view `id` only while it is as the permission check read it (shared or not, and its owner
 * when personal): a concurrent unshare then makes a rename or delete find nothing (404) rather
 * than reach another admin's personal view.
 */
const stillAsRead = (id: string, view: { shared: boolean; ownerId: string | null }) =>
  and(
    eq(savedViews.id, id),
    eq(savedViews.shared, view.shared),
    view.shared ? undefined : view.ownerId === null ? sql`false` : eq(savedViews.ownerId, view.ownerId),
  )

export const savedViewsRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/views', permit('profile.self'), validate('query', savedViewListQuery), async (c) => {
      const { list } = c.req.valid('query')
      mayOpen(c, list)
      const me = c.get('signedIn').admin.id
      const rows = await withOwner(deps.db)
        .where(and(eq(savedViews.list, list), or(savedViews.shared, eq(savedViews.ownerId, me))))
        .orderBy(desc(savedViews.shared), asc(sql`lower(${savedViews.name})`), asc(savedViews.id))
      return c.json(
        ok(
          SAVED_VIEW_MSG.listed,
          rows.map((r) => toView(r.view, r.owner, me)),
        ),
      )
    })

    .post('/admin/views', permit('profile.self'), validate('json', savedViewCreate), async (c) => {
      const body: z.output<typeof savedViewCreate> = c.req.valid('json')
      const { admin } = c.get('signedIn')
      mayOpen(c, body.list)
      if (body.shared && !can(admin.role, 'view.share')) throw forbidden()
      const now = deps.clock.now()
      const row = await deps.db.transaction(async (tx) => {
        if (!body.shared) await ensurePersonalRoom(tx, admin.id, body.list)
        const [made] = await uniqueName(
          tx
            .insert(savedViews)
            .values({
              list: body.list,
              name: body.name,
              shared: body.shared,
              state: body.state,
              ownerId: admin.id,
              createdAt: now,
              updatedAt: now,
            })
            .returning(),
        )
        return made!
      })
      if (row.shared) await auditShared(c, 'view.create', row)
      return c.json(ok(SAVED_VIEW_MSG.created, toView(row, { id: admin.id, email: admin.email }, admin.id)), 201)
    })

    .patch('/admin/views/:id', permit('profile.self'), validate('param', savedViewIdParam), validate('json', savedViewPatch), async (c) => {
      const { id } = c.req.valid('param')
      const patch = c.req.valid('json')
      const { admin } = c.get('signedIn')
      const [found] = await withOwner(deps.db).where(eq(savedViews.id, id))
      const view = found?.view
      if (!view || (!view.shared && view.ownerId !== admin.id)) throw notFound(SAVED_VIEW_MSG.notFound)
      mayOpen(c, view.list as ListName)
      // A shared view, or sharing one, is an admin's to do.
      if ((view.shared || patch.shared) && !can(admin.role, 'view.share')) throw forbidden()
      const state = patch.state ? stateFor(view.list as ListName, patch.state) : undefined
      const unsharing = view.shared && patch.shared === false
      const [row] = await deps.db.transaction(async (tx) => {
        // Unsharing gives the admin one more personal view: the same limit as saving one.
        if (unsharing) await ensurePersonalRoom(tx, admin.id, view.list)
        return uniqueName(
        tx
          .update(savedViews)
          .set({
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.shared !== undefined ? { shared: patch.shared } : {}),
            ...(state ? { state } : {}),
            // A shared view made personal becomes the personal view of whoever unshared it.
            ...(unsharing ? { ownerId: admin.id } : {}),
            updatedAt: deps.clock.now(),
          })
          .where(stillAsRead(id, view))
          .returning(),
        )
      })
      if (!row) throw notFound(SAVED_VIEW_MSG.notFound)
      if (view.shared || row.shared)
        await auditShared(c, 'view.update', row, {
          fields: Object.keys(patch),
        })
      const owner = row.ownerId === found.owner?.id ? found.owner : row.ownerId === admin.id ? { id: admin.id, email: admin.email } : null
      return c.json(ok(SAVED_VIEW_MSG.updated, toView(row, owner, admin.id)))
    })

    .delete('/admin/views/:id', permit('profile.self'), validate('param', savedViewIdParam), async (c) => {
      const { id } = c.req.valid('param')
      const { admin } = c.get('signedIn')
      const [view] = await deps.db.select().from(savedViews).where(eq(savedViews.id, id))
      if (!view || (!view.shared && view.ownerId !== admin.id)) throw notFound(SAVED_VIEW_MSG.notFound)
      if (view.shared && !can(admin.role, 'view.share')) throw forbidden()
      const [gone] = await deps.db.delete(savedViews).where(stillAsRead(id, view)).returning()
      if (!gone) throw notFound(SAVED_VIEW_MSG.notFound)
      if (gone.shared) await auditShared(c, 'view.delete', gone)
      return c.json(ok(SAVED_VIEW_MSG.deleted, null))
    })
