import { and, desc, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  FEEDBACK_MSG,
  feedbackListQuery,
  feedbackNoteBody,
  feedbackStatusBody,
  feedbackStatusLabel,
  feedbackTypeLabel,
  idParam,
  type FeedbackListQuery,
  type FeedbackNote,
  type FeedbackType,
} from '../../contract'
import { exportSelectedBody } from '../../contract/input/bulk'
import type { Db } from '../db/client'
import { like, listBatches, listPage, searchBranches, type ListSource, type PageQuery } from '../db/list'
import { feedbackColumns, toFeedback, type FeedbackRow } from '../db/queries/feedback'
import { countKey } from '../db/row-counts'
import { admins, appUsers, feedback, feedbackNotes, feedbackSearchText, usernameSearchText } from '../db/schema'
import { live, trashedBy } from '../db/trash'
import type { Deps } from '../deps'
import { notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import { chosenRows, csvLines, csvResponse, isoDay, type CsvValue } from '../http/csv'
import type { AppContext, AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { emitFeedbackStatus } from '../webhooks/events'

type FeedbackSort = NonNullable<FeedbackListQuery['sortBy']>

/**
 * The feedback list of one query. The status narrows it beside the type filter; row_counts keep
 * totals by type only, so a total within one status is counted (under its own index).
 */
export const feedbackListSource = (q: Pick<FeedbackListQuery, 'status'>): ListSource<FeedbackSort, FeedbackType> => ({
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
  search: (pattern, reading) =>
    searchBranches(
      feedback.id,
      [
        (where) => sql`select ${feedback.id} from ${feedback} where ${and(where, like(feedbackSearchText(feedback), pattern))}`,
        (where) => sql`select ${feedback.id} from ${feedback} inner join ${appUsers} on ${appUsers.id} = ${feedback.userId}
          where ${and(where, like(usernameSearchText(appUsers), pattern))}`,
      ],
      reading,
    ),
  filter: (type) => eq(feedback.type, type),
  ...(q.status === undefined
    ? { scope: live(feedback), counted: { filter: (type: FeedbackType) => countKey(feedback.type, type) } }
    : { scope: and(live(feedback), eq(feedback.status, q.status)) }),
})

interface NoteRow {
  id: string
  text: string
  createdAt: Date
  author: { id: string; name: string } | null
}

const toFeedbackNote = (n: NoteRow): FeedbackNote => ({
  _id: n.id,
  text: n.text,
  author: n.author ? { _id: n.author.id, name: n.author.name } : null,
  createdAt: n.createdAt.toISOString(),
})

/** A feedback's notes, newest first (ties by id, so the order is stable). */
const notesOf = (db: Db, feedbackId: string) =>
  db
    .select({ id: feedbackNotes.id, text: feedbackNotes.text, createdAt: feedbackNotes.createdAt, author: { id: admins.id, name: admins.name } })
    .from(feedbackNotes)
    .leftJoin(admins, eq(admins.id, feedbackNotes.authorId))
    .where(eq(feedbackNotes.feedbackId, feedbackId))
    .orderBy(desc(feedbackNotes.createdAt), desc(feedbackNotes.id))

/** A feedback outside the trash: a trashed one is not found, for reads and writes alike. */
const liveFeedback = (id: string) => and(eq(feedback.id, id), live(feedback))

/** A feedback's description as the audit log's label: its start is enough to recognise it. */
const feedbackLabel = (description: string) => description.slice(0, 80)

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

/** Feedback from users: list, CSV and details; its status and internal notes (both roles). */
const EXPORT_AUDIT = { action: 'feedback.export', query: true } as const

export const feedbackRoutes = (deps: Deps) => {
  const exportFeedback = (c: AppContext, q: FeedbackListQuery & { ids?: readonly string[] }) =>
    csvResponse(c, 'feedback', deps.clock.now(), FEEDBACK_CSV_HEADER, csvLines(listBatches(feedbackListSource(q), q, feedbackRows(deps.db)), feedbackCsvLine))
  return new Hono<AppEnv>()
    .get('/feedback/list', permit('read'), validate('query', feedbackListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps, feedbackListSource(q), q, feedbackRows(deps.db))
      return c.json(listOk(FEEDBACK_MSG.listed, { ...page, rows: page.rows.map(toFeedback) }, q))
    })

    // Before /feedback/:id, which would otherwise take 'export' for an id.
    .get('/feedback/export', permit('read', EXPORT_AUDIT), validate('query', feedbackListQuery), (c) => exportFeedback(c, c.req.valid('query')))
    .post('/feedback/export', permit('read', EXPORT_AUDIT), validate('query', feedbackListQuery), validate('json', exportSelectedBody), (c) =>
      exportFeedback(c, { ...c.req.valid('query'), ids: chosenRows(c, c.req.valid('json')) }),
    )

    .get('/feedback/:id', permit('read'), validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param')
      const [row] = await feedbackSelect(deps.db).where(liveFeedback(id))
      if (!row) throw notFound(FEEDBACK_MSG.notFound)
      const notes = await notesOf(deps.db, id)
      return c.json(ok(FEEDBACK_MSG.fetched, { ...toFeedback(row), notes: notes.map(toFeedbackNote) }))
    })

    .patch(
      '/feedback/:id/status',
      permit('feedback.handle', { action: 'feedback.status', target: 'feedback' }),
      validate('param', idParam),
      validate('json', feedbackStatusBody),
      async (c) => {
        const { id } = c.req.valid('param')
        const { status } = c.req.valid('json')
        // The old status comes back from the same statement, for the audit entry's "from".
        const changed = await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .update(feedback)
            .set({ status })
            .from(sql`(select ${feedback.id} as old_id, ${feedback.status} as old_status from ${feedback} where ${liveFeedback(id)} for update) as old`)
            .where(and(liveFeedback(id), sql`${feedback.id} = old.old_id`))
            .returning({ description: feedback.description, from: sql<number>`old.old_status` })
          if (row) await emitFeedbackStatus(tx, [{ id, from: row.from }], deps.clock.now())
          return row
        })
        if (!changed) throw notFound(FEEDBACK_MSG.notFound)
        const [row] = await feedbackSelect(deps.db).where(eq(feedback.id, id))
        auditNote(c, {
          label: feedbackLabel(changed.description),
          detail: { from: changed.from, to: status, status: feedbackStatusLabel[status] },
        })
        return c.json(ok(FEEDBACK_MSG.statusChanged, toFeedback(row!)))
      },
    )

    .post(
      '/feedback/:id/notes',
      permit('feedback.handle', { action: 'feedback.note', target: 'feedback' }),
      validate('param', idParam),
      validate('json', feedbackNoteBody),
      async (c) => {
        const { id } = c.req.valid('param')
        const { text } = c.req.valid('json')
        const [target] = await deps.db.select({ description: feedback.description }).from(feedback).where(liveFeedback(id))
        if (!target) throw notFound(FEEDBACK_MSG.notFound)
        const author = c.get('signedIn').admin
        const [note] = await deps.db
          .insert(feedbackNotes)
          .values({ feedbackId: id, authorId: author.id, text, createdAt: deps.clock.now() })
          .returning({ id: feedbackNotes.id, text: feedbackNotes.text, createdAt: feedbackNotes.createdAt })
        // The note's length only: its words stay on the feedback, not in the log.
        auditNote(c, { label: feedbackLabel(target.description), detail: { noteId: note!.id, length: text.length } })
        return c.json(ok(FEEDBACK_MSG.noteAdded, toFeedbackNote({ ...note!, author: { id: author.id, name: author.name } })), 201)
      },
    )

    // To the trash (server/routes/trash.ts), with its notes; admins only.
    .delete('/admin/feedback/:id', permit('feedback.delete', { action: 'feedback.delete', target: 'feedback' }), validate('param', idParam), async (c) => {
      const [deleted] = await deps.db
        .update(feedback)
        .set(trashedBy(c.get('signedIn').admin.id, deps.clock.now()))
        .where(liveFeedback(c.req.valid('param').id))
        .returning({ description: feedback.description })
      if (!deleted) throw notFound(FEEDBACK_MSG.notFound)
      auditNote(c, { label: feedbackLabel(deleted.description) })
      return c.json(ok(FEEDBACK_MSG.deleted, null))
    })
}
