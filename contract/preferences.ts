import { z } from 'zod'
import { THEMES } from './enums'
import { cap } from './validation'

/**
 * An admin's own preferences. Not in the contract's barrel (index.ts): only signed-in screens
 * need them, so they stay out of the first page; import '@contract/preferences'.
 */

/** The lists whose columns an admin can choose and whose states can be saved as views. */
export const LIST_NAMES = ['users', 'petShops', 'hospitals', 'partners', 'feedback', 'notifications', 'cities', 'admins', 'audit'] as const
export const listName = z.enum(LIST_NAMES, { error: 'Unknown list' })
export type ListName = z.infer<typeof listName>

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
  feedback: ['serialNo', 'type', 'description', 'username', 'createdAt', 'status', 'actions'],
  notifications: ['title', 'body', 'sendTo', 'createdAt', 'actions'],
  cities: ['name', 'siteCount', 'createdAt', 'actions'],
  admins: ['name', 'email', 'role', 'status', 'createdAt', 'actions'],
  audit: ['at', 'actorEmail', 'action', 'target', 'address', 'requestId', 'actions'],
} as const satisfies Record<ListName, readonly string[]>

export const COLUMN_MSG = {
  unknown: 'Unknown column',
  twice: 'A column is named twice',
} as const

/** A list's columns shown, in order: ids of that list only, each once. */
export const listColumnIds = (list: ListName) =>
  z
    .array(z.enum(LIST_COLUMNS[list], { error: COLUMN_MSG.unknown }))
    .max(LIST_COLUMNS[list].length, cap(COLUMN_MSG.twice))
    .refine((ids) => new Set(ids).size === ids.length, COLUMN_MSG.twice)

/** `{ [list]: schema of that list }` for every list, optional. */
const perList = <S extends z.ZodType>(schemaOf: (list: ListName) => S) =>
  Object.fromEntries(LIST_NAMES.map((list) => [list, schemaOf(list).optional()])) as { [L in ListName]: z.ZodOptional<S> }

/** GET /admin/preferences: the signed-in admin's own choices (defaults when never saved). */
export const preferences = z.object({
  theme: z.enum(THEMES),
  /** Per list, the columns shown in order; a list not named shows its default columns. */
  listColumns: z.object(perList(listColumnIds)),
})
export type Preferences = z.infer<typeof preferences>

/**
 * PATCH /admin/preferences: what changes. A list given replaces that list's columns; `null`
 * forgets the choice (back to the default columns); lists not given stay as they were.
 */
export const preferencesPatch = z.strictObject({
  theme: z.enum(THEMES, { error: 'Choose a theme' }).optional(),
  listColumns: z.strictObject(perList((list) => listColumnIds(list).nullable()), { error: 'Unknown list' }).optional(),
})
export type PreferencesPatch = z.infer<typeof preferencesPatch>

export const PREFERENCES_MSG = {
  fetched: 'Preferences fetched successfully',
  saved: 'Preferences saved',
} as const
