import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  FEEDBACK_MSG,
  feedbackListQuery,
  feedbackTypeLabel,
  idParam,
  type Feedback,
  type FeedbackListQuery,
  type FeedbackType,
} from '../../contract'
import type { Db } from '../db/client'
import { like, listBatches, listPage, type ListSource, type PageQuery } from '../db/list'
import { toUserSummary, userSummaryColumns, type UserSummaryRow } from '../db/queries/users'
import { countKey } from '../db/row-counts'
import { appUsers, feedback, feedbackSearchText, usernameSearchText } from '../db/schema'
import type { Deps } from '../deps'
import { notFound } from '../api-error'
import { permit } from '../http/auth'
import { csvLines, csvResponse, isoDay, type CsvValue } from '../http/csv'
import type { AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'

type FeedbackSort = NonNullable<FeedbackListQuery['sortBy']>

export const feedbackListSource: ListSource<FeedbackSort, FeedbackType> = {
  table: feedback,
  id: feedback.id,
  createdAt: feedback.createdAt,
  sortBy: {
    // The codes sort as their labels do: Bug, New Feature, Other, Suggestion.
    type: { expr: feedback.type, type: 'text' },
    createdAt: { expr: feedback.createdAt, type: 'timestamptz' },
  },
  // Two tables, so two trigram indexes: the description's, and the author's username's. A union
  // of ids lets each side use its own index (an OR across a join would read every row).
  search: (pattern) => sql`${feedback.id} in (
    select ${feedback.id} from ${feedback} where ${like(feedbackSearchText(feedback), pattern)}
    union all
    select ${feedback.id} from ${feedback} inner join ${appUsers} on ${appUsers.id} = ${feedback.userId}
      where ${like(usernameSearchText(appUsers), pattern)}
  )`,
  filter: (type) => eq(feedback.type, type),
  counted: { filter: (type) => countKey(feedback.type, type) },
}

const feedbackColumns = {
  id: feedback.id,
  type: feedback.type,
  description: feedback.description,
  createdAt: feedback.createdAt,
  user: userSummaryColumns,
}

type FeedbackRow = Pick<typeof feedback.$inferSelect, 'id' | 'type' | 'description' | 'createdAt'> & {
  user: UserSummaryRow | null
}

const toFeedback = (f: FeedbackRow): Feedback => ({
  _id: f.id,
  type: f.type,
  description: f.description,
  user: f.user ? toUserSummary(f.user) : null,
  createdAt: f.createdAt.toISOString(),
})

const feedbackSelect = (db: Db, sortKey?: PageQuery['sortKey']) =>
  db
    .select({ ...feedbackColumns, sortKey: sortKey ?? sql<string>`''` })
    .from(feedback)
    .leftJoin(appUsers, eq(appUsers.id, feedback.userId))

const feedbackRows = (db: Db) => (p: PageQuery) =>
  feedbackSelect(db, p.sortKey)
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.limit)
    .offset(p.offset)

export const FEEDBACK_CSV_HEADER = ['Feedback Type', 'Description', 'Username', 'Created At'] as const
const feedbackCsvLine = (f: FeedbackRow): CsvValue[] => [
  feedbackTypeLabel[f.type],
  f.description,
  f.user?.username,
  isoDay(f.createdAt),
]

/** Feedback from users: list, CSV and details (both roles). */
export const feedbackRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/feedback/list', permit('read'), validate('query', feedbackListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps.db, feedbackListSource, q, feedbackRows(deps.db))
      return c.json(listOk(FEEDBACK_MSG.listed, { rows: page.rows.map(toFeedback), total: page.total }, q))
    })

    // Before /feedback/:id, which would otherwise take 'export' for an id.
    .get(
      '/feedback/export',
      permit('read', { action: 'feedback.export', query: true }),
      validate('query', feedbackListQuery),
      async (c) => {
        const batches = listBatches(feedbackListSource, c.req.valid('query'), feedbackRows(deps.db))
        return csvResponse(c, 'feedback', deps.clock.now(), FEEDBACK_CSV_HEADER, csvLines(batches, feedbackCsvLine))
      },
    )

    .get('/feedback/:id', permit('read'), validate('param', idParam), async (c) => {
      const [row] = await feedbackSelect(deps.db).where(eq(feedback.id, c.req.valid('param').id))
      if (!row) throw notFound(FEEDBACK_MSG.notFound)
      return c.json(ok(FEEDBACK_MSG.fetched, toFeedback(row)))
    })
