import type { HttpHandler } from 'msw'
import { FEEDBACK_MSG, feedbackListQuery, feedbackTypeLabel, idParam, type Feedback } from '@contract'
import { fail, ok, route, storeOf } from '../db'
import { csvAnswer, listAnswer, type ListRules } from '../list'
import { seedFeedback } from '../seed'

/** This test's feedback, newest first: seeded afresh whenever the mock database is (resetDb). */
export const feedbackDb = storeOf(() => seedFeedback())

const rules: ListRules<Feedback> = {
  searchIn: (f) => [f.description, f.user?.username],
  filter: (f, type: string) => f.type === type,
}

export const feedbackHandlers: HttpHandler[] = [
  route('get', '/feedback/list', { permission: 'read', query: feedbackListQuery }, ({ query }) =>
    listAnswer(query, feedbackDb(), rules, { message: FEEDBACK_MSG.listed }),
  ),

  // Before /feedback/:id, which would otherwise take 'export' for an id.
  route('get', '/feedback/export', { permission: 'read', query: feedbackListQuery }, ({ query }) =>
    csvAnswer(query, feedbackDb(), rules, {
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
]
