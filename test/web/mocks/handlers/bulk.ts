import type { HttpHandler } from 'msw'
import {
  API_MSG,
  can,
  FEEDBACK_STATUS,
  PLACE_STATUS,
  TRASH_MSG,
  USER_STATUS,
  type PlaceKind,
  type TrashKind,
} from '@contract'
import { BULK_MAX, BULK_MSG, BULK_PATH, BULK_PERMISSION, BULK_REASON, bulkRoutePermission, type BulkList, type BulkResult, type BulkSkipped } from '@contract/bulk'
import { bulkBodies } from '@contract/input/bulk'
import { db, fail, ok, route, type MockAdmin } from '../db'
import { selectItems, type ListRules } from '../list'
import { feedbackDb, feedbackRules } from './feedback'
import { notificationRules, notificationsDb } from './notifications'
import { placeRules, placesDb } from './places'
import { siteRules } from './cities-sites'
import { moveToTrash, trashDb } from './trash'
import { userRules } from './users'

/**
 * POST /admin/{list}/bulk as the server answers it (server/routes/bulk.ts): the chosen ids or
 * every row the list's query matches (409 past BULK_MAX), each row changed or skipped with its
 * reason, 403 for an action the role lacks. Deletes go to the mock trash as single deletes do
 * (the answer naming them), and a restore (their Undo) takes them out of it as the trash's does.
 */

type Row = { _id: string; status: number }

interface MockBulk<T extends Row> {
  list: BulkList
  rows: () => T[]
  rules: ListRules<T>
  /** The rows the list's query narrows to before its search and filter (a city's sites...). */
  scope?: (rows: T[], query: Record<string, unknown>) => T[]
  trash?: { kind: TrashKind; name: (row: T) => string; blocker?: (row: T) => () => string | null }
  /** The status an action sets, and why a row is left (undefined: change it). */
  status?: Record<string, number>
  /** Why an inactive row cannot be activated (a place: a draft, or no image), or undefined. */
  notActivatable?: (row: T) => string | undefined
}

function bulkHandler<T extends Row>(spec: MockBulk<T>): HttpHandler {
  const permissions = BULK_PERMISSION[spec.list] as Record<string, Parameters<typeof can>[1]>
  return route('post', `/${BULK_PATH[spec.list]}`, { permission: bulkRoutePermission(spec.list), body: bulkBodies[spec.list] }, ({ body, admin }) => {
    if (!can(admin.role, permissions[body.action]!)) return fail('FORBIDDEN', API_MSG.forbidden)
    const query = body.query as Record<string, unknown> | undefined
    const ids = body.ids ?? selectItems(spec.scope ? spec.scope(spec.rows(), query!) : spec.rows(), query as never, spec.rules).map((r) => r._id)
    if (ids.length > BULK_MAX) return fail('CONFLICT', BULK_MSG.tooManyMatching)
    const skipped: BulkSkipped[] = []
    let changed = 0
    if (body.action === 'restore') {
      // By ids only (the body's schema refuses a query): each from the trash, unless still live or blocked.
      for (const id of ids) {
        const at = trashDb().findIndex((e) => e.kind === spec.trash!.kind && e._id === id.toLowerCase())
        const entry = trashDb()[at]
        const reason = !entry
          ? spec.rows().some((r) => r._id === id.toLowerCase())
            ? BULK_REASON.notInTrash
            : BULK_REASON.notFound
          : entry.blocker()
        if (reason) {
          skipped.push({ _id: id, reason })
          continue
        }
        trashDb().splice(at, 1)
        entry!.putBack()
        changed++
      }
      return ok<BulkResult>(BULK_MSG.done, { changed, skipped, stopped: false })
    }
    const moved: string[] = []
    for (const id of ids) {
      const index = spec.rows().findIndex((r) => r._id === id.toLowerCase())
      const row = spec.rows()[index]
      if (!row) {
        // As the server, which still holds a trashed row (soft-deleted): gone to the trash, not unknown.
        const trashed = spec.trash && trashDb().some((e) => e.kind === spec.trash!.kind && e._id === id.toLowerCase())
        skipped.push({ _id: id, reason: trashed ? BULK_REASON.deleted : BULK_REASON.notFound })
        continue
      }
      if (body.action === 'delete') {
        moveToTrash(admin as MockAdmin, spec.trash!.kind, spec.rows, index, spec.trash!.name(row), spec.trash!.blocker?.(row))
        moved.push(row._id)
        changed++
        continue
      }
      const status = spec.status![body.action]!
      const refused = row.status === status ? BULK_REASON.already : body.action === 'activate' ? spec.notActivatable?.(row) : undefined
      if (refused) skipped.push({ _id: id, reason: refused })
      else {
        row.status = status
        changed++
      }
    }
    return ok<BulkResult>(BULK_MSG.done, { changed, skipped, stopped: false, ...(body.action === 'delete' ? { ids: moved } : {}) })
  })
}

const placeBulk = (list: 'petShops' | 'hospitals', kind: PlaceKind) =>
  bulkHandler({
    list,
    rows: () => placesDb(kind),
    rules: placeRules,
    trash: { kind, name: (p) => p.name },
    status: { activate: PLACE_STATUS.ACTIVE, deactivate: PLACE_STATUS.DEACTIVE },
    // As the single toggle (handlers/places.ts): what the create form requires.
    notActivatable: (place) => (place.draft ? BULK_REASON.draft : place.images.length === 0 ? BULK_REASON.noImage : undefined),
  })

export const bulkHandlers: HttpHandler[] = [
  bulkHandler({
    list: 'users',
    rows: () => db.users,
    rules: userRules,
    status: { block: USER_STATUS.BLOCKED, unblock: USER_STATUS.ACTIVE },
  }),
  placeBulk('petShops', 'petShop'),
  placeBulk('hospitals', 'hospital'),
  bulkHandler({
    list: 'sites',
    rows: () => db.sites,
    rules: siteRules,
    scope: (rows, q) => (q.cityId === undefined ? rows : rows.filter((s) => s.cityId === q.cityId)),
    // As the single delete: a restore is refused once the site's city is gone.
    trash: { kind: 'site', name: (s) => s.name, blocker: (s) => () => (db.cities.some((c) => c._id === s.cityId) ? null : TRASH_MSG.siteCityGone) },
    status: { activate: PLACE_STATUS.ACTIVE, deactivate: PLACE_STATUS.DEACTIVE },
  }),
  bulkHandler({
    list: 'notifications',
    rows: notificationsDb,
    rules: notificationRules,
    scope: (rows, q) => (q.recipientId === undefined ? rows : rows.filter((n) => n.users.some((u) => u._id === q.recipientId))),
    trash: { kind: 'notification', name: (n) => n.title },
  }),
  bulkHandler({
    list: 'feedback',
    rows: feedbackDb,
    rules: feedbackRules,
    scope: (rows, q) => (q.status === undefined ? rows : rows.filter((f) => f.status === q.status)),
    trash: { kind: 'feedback', name: (f) => f.description.slice(0, 80) },
    status: { resolve: FEEDBACK_STATUS.RESOLVED },
  }),
]
