import type { HttpHandler } from 'msw'
import {
  FEEDBACK_MSG,
  feedbackListQuery,
  feedbackNoteBody,
  feedbackStatusBody,
  feedbackTypeLabel,
  idParam,
  type Feedback,
  type FeedbackDetails,
  type FeedbackListQuery,
} from '@contract'
import { created, fail, ok, route, storeOf } from '../db'
import { csvAnswer, exportRoutes, listAnswer, type ListRules } from '../list'
import { seedFeedback } from '../seed'
import { moveToTrash } from './trash'

/** This test's feedback, newest first: seeded afresh whenever the mock database is (resetDb). */
export const feedbackDb = storeOf(() => seedFeedback())

export const feedbackRules: ListRules<FeedbackDetails> = {
  searchIn: (f) => [f.description, f.user?.username],
  filter: (f, type: string) => f.type === type,
}

/** The list's rows in the query's status (the type filter is the list kit's own). */
const inStatus = (query: Pick<FeedbackListQuery, 'status'>) =>
  query.status === undefined ? feedbackDb() : feedbackDb().filter((f) => f.status === query.status)

/** A list row: the feedback without its notes, as the server lists it. */
const listed = ({ notes: _notes, ...item }: FeedbackDetails): Feedback => item

export const feedbackHandlers: HttpHandler[] = [
  route('get', '/feedback/list', { permission: 'read', query: feedbackListQuery }, ({ query }) =>
    listAnswer(query, inStatus(query), feedbackRules, { message: FEEDBACK_MSG.listed, map: listed }),
  ),

  // Before /feedback/:id, which would otherwise take 'export' for an id.
  ...exportRoutes('/feedback/export', { permission: 'read', query: feedbackListQuery }, (query, chosen) =>
    csvAnswer(query, inStatus(query).filter((f) => chosen(f._id)), feedbackRules, {
      stem: 'feedback',
      columns: [
        ['Feedback Type', (f) => feedbackTypeLabel[f.type]],
        ['Description', (f) => f.description],
        ['Username', (f) => f.user?.username],
        ['Created At', (f) => f.createdAt.slice(0, 10)],
      ],
    }),
  ),

  route('get', '/feedback/:id', { permission: 'read', params: idParam }, ({ params }) => {
    const item = feedbackDb().find((f) => f._id === params.id)
    return item ? ok(FEEDBACK_MSG.fetched, item) : fail('NOT_FOUND', FEEDBACK_MSG.notFound)
  }),

  route('patch', '/feedback/:id/status', { permission: 'feedback.handle', params: idParam, body: feedbackStatusBody }, ({ params, body }) => {
    const item = feedbackDb().find((f) => f._id === params.id)
    if (!item) return fail('NOT_FOUND', FEEDBACK_MSG.notFound)
    item.status = body.status
    return ok(FEEDBACK_MSG.statusChanged, listed(item))
  }),

  route('post', '/feedback/:id/notes', { permission: 'feedback.handle', params: idParam, body: feedbackNoteBody }, ({ params, body, admin }) => {
    const item = feedbackDb().find((f) => f._id === params.id)
    if (!item) return fail('NOT_FOUND', FEEDBACK_MSG.notFound)
    const note = { _id: crypto.randomUUID(), text: body.text, author: { _id: admin._id, name: admin.name }, createdAt: new Date().toISOString() }
    item.notes.unshift(note)
    return created(FEEDBACK_MSG.noteAdded, note)
  }),

  // To the trash (handlers/trash.ts), named by the start of its description as the server does.
  route('delete', '/admin/feedback/:id', { permission: 'feedback.delete', params: idParam }, ({ params, admin }) => {
    const index = feedbackDb().findIndex((f) => f._id === params.id)
    if (index < 0) return fail('NOT_FOUND', FEEDBACK_MSG.notFound)
    moveToTrash(admin, 'feedback', feedbackDb, index, feedbackDb()[index]!.description.slice(0, 80))
    return ok(FEEDBACK_MSG.deleted)
  }),
]
