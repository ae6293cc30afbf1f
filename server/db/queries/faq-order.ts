import { sql } from 'drizzle-orm'
import type { Db } from '../client'
import { faqs } from '../schema'

/**
 * Writes that move positions (add, delete, reorder, a restore from the trash) take this lock first, so that two of them
 * never compute the same position or reorder a list that another is changing. Reads go on.
 */
export const lockFaqOrder = (db: Db) => db.execute(sql`lock table ${faqs} in share row exclusive mode`)
