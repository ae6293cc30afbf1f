import type { HttpHandler } from 'msw'
import { BULK_MAX, BULK_MSG, BULK_PATH, BULK_REASON, bulkBodies, USER_STATUS, type BulkResult, type BulkSkipped } from '@contract'
import { db, fail, ok, route } from '../db'
import { selectItems } from '../list'
import { userRules } from './users'

/**
 * POST /admin/{list}/bulk as the server answers it (server/routes/bulk.ts): the chosen ids or
 * every row the list's query matches (409 past BULK_MAX), each row changed or skipped with its
 * reason, 403 for an action the role lacks. Users for now.
 */
export const bulkHandlers: HttpHandler[] = [
  route('post', `/${BULK_PATH.users}`, { permission: 'user.block', body: bulkBodies.users }, ({ body }) => {
    const ids = body.ids ?? selectItems(db.users, body.query!, userRules).map((u) => u._id)
    if (ids.length > BULK_MAX) return fail('CONFLICT', BULK_MSG.tooManyMatching)
    const status = body.action === 'block' ? USER_STATUS.BLOCKED : USER_STATUS.ACTIVE
    const skipped: BulkSkipped[] = []
    let changed = 0
    for (const id of ids) {
      const user = db.users.find((u) => u._id === id.toLowerCase())
      if (!user) skipped.push({ _id: id, reason: BULK_REASON.notFound })
      else if (user.status === status) skipped.push({ _id: id, reason: BULK_REASON.already })
      else {
        user.status = status
        changed++
      }
    }
    return ok<BulkResult>(BULK_MSG.done, { changed, skipped })
  }),
]
