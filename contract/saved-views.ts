import * as zm from 'zod/mini'
import { API_MSG } from './messages'
import type { Permission } from './permissions'
import { listName, type ListName } from './preferences'

/**
 * Saved views: a named state of a list (search, filters, sort, rows per page; never the page), the
 * same state its URL carries, so opening a view is following a link. Personal views are their
 * owner's; shared ones are seen by every admin and managed by admins (permission 'view.share').
 * Not in the contract's barrel (index.ts): import '@contract/saved-views' and, for what clients
 * send, '@contract/input/saved-views' (the Views dialog's chunk, the server).
 */

/** Who may read each list, so views of a list are only seen by those who can open it. */
export const LIST_PERMISSION: Record<ListName, Permission> = {
  users: 'read',
  petShops: 'read',
  hospitals: 'read',
  partners: 'read',
  feedback: 'read',
  notifications: 'read',
  cities: 'read',
  admins: 'admin.manage',
  audit: 'audit.read',
}

export const SAVED_VIEW_NAME_MAX = 60
/** Personal views one admin may keep per list; a bound on what one account can store. */
export const PERSONAL_VIEWS_MAX = 50

export const SAVED_VIEW_MSG = {
  listed: 'Views fetched successfully',
  created: 'View saved',
  updated: 'View updated',
  deleted: 'View deleted',
  notFound: 'View not found',
  nameRequired: 'Enter a name for the view',
  nameMax: `Should be maximum of ${SAVED_VIEW_NAME_MAX} characters`,
  duplicate: 'A view of that name already exists',
  tooMany: `You can keep at most ${PERSONAL_VIEWS_MAX} views of a list: delete one first`,
  badState: 'Invalid view',
} as const

export const savedView = zm.object({
  _id: zm.string(),
  list: listName,
  name: zm.string(),
  shared: zm.boolean(),
  /** The list's URL search without the page, defaults filled in. */
  state: zm.record(zm.string(), zm.unknown()),
  /** Who made it (the account's views go with it; no route erases an account, which is blocked instead). */
  owner: zm.nullable(zm.object({ _id: zm.string(), email: zm.string() })),
  /** Whether the signed-in admin made it. */
  mine: zm.boolean(),
  createdAt: zm.string(),
})
export type SavedView = zm.infer<typeof savedView>

export const savedViewIdParam = zm.object({
  id: zm.uuid({ message: API_MSG.invalidId }),
})
