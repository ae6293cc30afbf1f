import { http, type HttpHandler } from 'msw'
import { FEEDBACK_MSG, feedbackListQuery, feedbackTypeLabel, type Feedback } from '@contract'
import { api, authenticate, db, fail, ok, readId } from '../db'
import { csvAnswer, listAnswer, type ListRules } from '../list'
import { seedFeedback } from '../seed'

/** This test's feedback, newest first: seeded afresh whenever the mock database is (resetDb). */
const stores = new WeakMap<object, Feedback[]>()
export function feedbackDb(): Feedback[] {
  let store = stores.get(db)
  if (!store) {
    store = seedFeedback()
    stores.set(db, store)
  }
  return store
}

const rules: ListRules<Feedback> = {
  searchIn: (f) => [f.description, f.user?.username],
  filter: (f, type: string) => f.type === type,
}

export const feedbackHandlers: HttpHandler[] = [
  http.get(api('/feedback/list'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return listAnswer(request, feedbackListQuery, feedbackDb(), rules, { message: FEEDBACK_MSG.listed })
  }),

  // Before /feedback/:id, which would otherwise take 'export' for an id.
  http.get(api('/feedback/export'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return csvAnswer(request, feedbackListQuery, feedbackDb(), rules, {
      stem: 'feedback',
      columns: [
        ['Feedback Type', (f) => feedbackTypeLabel[f.type]],
        ['Description', (f) => f.description],
        ['Username', (f) => f.user?.username],
        ['Created At', (f) => f.createdAt.slice(0, 10)],
      ],
    })
  }),

  http.get(api('/feedback/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const id = readId(params)
    if (id instanceof Response) return id
    const item = feedbackDb().find((f) => f._id === id)
    return item ? ok(FEEDBACK_MSG.fetched, item) : fail('NOT_FOUND', FEEDBACK_MSG.notFound)
  }),
]
