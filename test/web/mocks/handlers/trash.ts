import type { HttpHandler } from 'msw'
import { TRASH_DAYS, TRASH_MSG, trashListQuery, trashParam, type TrashItem, type TrashKind } from '@contract'
import { fail, ok, route, storeOf, type MockAdmin } from '../db'
import { listAnswer, type ListRules } from '../list'

/**
 * The trash as the server keeps it (server/routes/trash.ts): a delete takes the row out of its
 * store and keeps it here with who deleted it and when, so a restore (a toast's Undo, Settings >
 * Trash) puts back the very same row, and Delete forever drops it. Seeded empty.
 */
type MockTrashEntry = Omit<TrashItem, 'restoreBlocker'> & {
  /** The deletion time again: the list's default order (newest first) reads `createdAt`. */
  createdAt: string
  /** Why a restore would be refused now (the server's `restoreBlocker`), or null. */
  blocker: () => string | null
  /** Puts the row back in its store, where it was. */
  putBack: () => void
}

export const trashDb = storeOf(() => [] as MockTrashEntry[])

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * A delete: the row at `index` of `rows()` (a getter: a store may replace its array, as the FAQ
 * reorder does) goes to the trash under `name`, deleted now by `admin`.
 */
export function moveToTrash<T extends { _id: string }>(
  admin: MockAdmin,
  kind: TrashKind,
  rows: () => T[],
  index: number,
  name: string,
  blocker: () => string | null = () => null,
) {
  const [row] = rows().splice(index, 1)
  if (!row) return
  const now = new Date()
  trashDb().unshift({
    _id: row._id,
    kind,
    name,
    deletedAt: now.toISOString(),
    createdAt: now.toISOString(),
    deletedBy: { _id: admin._id, email: admin.email },
    purgeAt: new Date(now.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
    blocker,
    putBack: () => {
      const into = rows()
      into.splice(Math.min(index, into.length), 0, row)
    },
  })
}

const rules: ListRules<MockTrashEntry> = {
  searchIn: (e) => [e.name],
  filter: (e, kind: TrashKind) => e.kind === kind,
}

const itemOf = ({ createdAt: _createdAt, blocker, putBack: _putBack, ...item }: MockTrashEntry): TrashItem => ({ ...item, restoreBlocker: blocker() })

const entryAt = (kind: TrashKind, id: string) => trashDb().findIndex((e) => e.kind === kind && e._id === id)

export const trashHandlers: HttpHandler[] = [
  route('get', '/admin/trash', { permission: 'trash.manage', query: trashListQuery }, ({ query }) =>
    listAnswer(query, trashDb(), rules, { message: TRASH_MSG.listed, map: itemOf }),
  ),

  route('post', '/admin/trash/:kind/:id/restore', { permission: 'trash.manage', params: trashParam }, ({ params }) => {
    const at = entryAt(params.kind, params.id)
    if (at < 0) return fail('NOT_FOUND', TRASH_MSG.notFound)
    const entry = trashDb()[at]!
    const blocker = entry.blocker()
    if (blocker) return fail('CONFLICT', blocker)
    trashDb().splice(at, 1)
    entry.putBack()
    return ok(TRASH_MSG.restored)
  }),

  route('delete', '/admin/trash/:kind/:id', { permission: 'trash.manage', params: trashParam }, ({ params }) => {
    const at = entryAt(params.kind, params.id)
    if (at < 0) return fail('NOT_FOUND', TRASH_MSG.notFound)
    trashDb().splice(at, 1)
    return ok(TRASH_MSG.purged)
  }),
]
