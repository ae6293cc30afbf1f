import { z } from 'zod'
import { THEMES } from './enums'
import { cap } from './validation'

/** The lists whose columns an admin can choose and whose states can be saved as views. */
export const LIST_NAMES = ['users', 'petShops', 'hospitals', 'partners', 'feedback', 'notifications', 'cities', 'admins', 'audit'] as const
export const listName = z.enum(LIST_NAMES, { error: 'Unknown list' })
export type ListName = z.infer<typeof listName>

/** A list's columns in the order shown; ids are the list's column ids (at most 30, each at most 40 characters). */
export const listColumnIds = z.array(z.string().max(40, cap()).regex(/^[A-Za-z0-9_.]+$/, 'Invalid column')).max(30)

/** GET /admin/preferences: the signed-in admin's own choices (defaults when never saved). */
export const preferences = z.object({
  theme: z.enum(THEMES),
  /** Per list, the columns shown in order; a list not named shows its default columns. */
  listColumns: z.partialRecord(listName, listColumnIds),
})
export type Preferences = z.infer<typeof preferences>

/**
 * PATCH /admin/preferences: what changes. A list given replaces that list's columns; `null`
 * forgets the choice (back to the default columns); lists not given stay as they were.
 */
export const preferencesPatch = z.strictObject({
  theme: z.enum(THEMES, { error: 'Choose a theme' }).optional(),
  listColumns: z.partialRecord(listName, listColumnIds.nullable()).optional(),
})
export type PreferencesPatch = z.infer<typeof preferencesPatch>

export const PREFERENCES_MSG = {
  fetched: 'Preferences fetched successfully',
  saved: 'Preferences saved',
} as const
