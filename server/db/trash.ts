import { isNull, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** A table whose rows can be in the trash. */
export interface Trashable {
  deletedAt: AnyPgColumn
}

/** The condition every read outside the trash adds: the row is not in the trash. */
export const live = (table: Trashable): SQL => isNull(table.deletedAt)

/** The columns a delete sets: the row goes to the trash (server/routes/trash.ts), deleted at `at` by the admin. */
export const trashedBy = (adminId: string, at: Date) => ({ deletedAt: at, deletedBy: adminId })
