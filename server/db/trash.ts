import { isNull, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** A table whose rows can be in the trash. */
export interface Trashable {
  deletedAt: AnyPgColumn
}

/** The condition every read outside the trash adds: the row is not in the trash. */
export const live = (table: Trashable): SQL => isNull(table.deletedAt)
