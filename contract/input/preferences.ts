import { z } from 'zod'
import { THEMES } from '../enums'
import { cap } from '../validation'
import { COLUMN_MSG, LIST_COLUMNS, perList, type ListName } from '../preferences'

/** A list's columns shown, in order: ids of that list only, each once. */
export const listColumnIds = (list: ListName) =>
  z
    .array(z.enum(LIST_COLUMNS[list], { error: COLUMN_MSG.unknown }))
    .max(LIST_COLUMNS[list].length, cap(COLUMN_MSG.twice))
    .refine((ids) => new Set(ids).size === ids.length, COLUMN_MSG.twice)

/**
 * PATCH /admin/preferences: what changes. A list given replaces that list's columns; `null`
 * forgets the choice (back to the default columns); lists not given stay as they were.
 */
export const preferencesPatch = z.strictObject({
  theme: z.enum(THEMES, { error: 'Choose a theme' }).optional(),
  listColumns: z.strictObject(perList((list) => listColumnIds(list).nullable()), { error: 'Unknown list' }).optional(),
})
export type PreferencesPatch = z.infer<typeof preferencesPatch>
