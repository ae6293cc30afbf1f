import * as zm from 'zod/mini'
import { THEMES } from './enums'

/**
 * An admin's own preferences. Not in the contract's barrel (index.ts): only signed-in screens
 * need them, so they stay out of the first page; import '@contract/preferences'.
 */

/** The lists whose columns an admin can choose and whose states can be saved as views. */
export const LIST_NAMES = ['users', 'petShops', 'hospitals', 'partners', 'feedback', 'notifications', 'cities', 'admins', 'audit'] as const
export const listName = zm.enum(LIST_NAMES, { error: 'Unknown list' })
export type ListName = zm.infer<typeof listName>

/**
 * Each list's column ids in the product's order (the spec's column set, the default). The SPA's
 * column definitions use these ids, and the server refuses a choice naming any other, so a
 * stored choice always means something to the screen that reads it.
 */
export const LIST_COLUMNS = {
  users: ['username', 'name', 'email', 'dob', 'mobileNo', 'actions'],
  petShops: ['name', 'address', 'status', 'createdAt', 'actions'],
  hospitals: ['name', 'address', 'status', 'createdAt', 'actions'],
  partners: ['name', 'ownerName', 'email', 'mobileNo', 'type', 'address', 'createdAt', 'status', 'actions'],
  feedback: ['serialNo', 'type', 'description', 'username', 'createdAt', 'actions'],
  notifications: ['title', 'body', 'sendTo', 'createdAt', 'actions'],
  cities: ['name', 'siteCount', 'createdAt', 'actions'],
  admins: ['name', 'email', 'role', 'status', 'createdAt', 'actions'],
  audit: ['at', 'actorEmail', 'action', 'target', 'address', 'requestId', 'actions'],
} as const satisfies Record<ListName, readonly string[]>

export const COLUMN_MSG = {
  unknown: 'Unknown column',
  twice: 'A column is named twice',
} as const

/** `{ [list]: schema of that list }` for every list, optional. */
export const perList = <S extends zm.ZodMiniType>(schemaOf: (list: ListName) => S) =>
  Object.fromEntries(LIST_NAMES.map((list) => [list, zm.optional(schemaOf(list))])) as { [L in ListName]: zm.ZodMiniOptional<S> }

/** GET /admin/preferences: the signed-in admin's own choices (defaults when never saved). */
export const preferences = zm.object({
  theme: zm.enum(THEMES),
  /** Per list, the columns shown in order; a list not named shows its default columns. */
  listColumns: zm.object(perList((list) => zm.array(zm.enum(LIST_COLUMNS[list])))),
})
export type Preferences = zm.infer<typeof preferences>

export const PREFERENCES_MSG = {
  fetched: 'Preferences fetched successfully',
  saved: 'Preferences saved',
} as const
