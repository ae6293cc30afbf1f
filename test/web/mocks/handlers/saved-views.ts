import type { HttpHandler } from 'msw'
import { API_MSG, can, validationFailure } from '@contract'
import type { ListName } from '@contract/preferences'
import { LIST_PERMISSION, PERSONAL_VIEWS_MAX, SAVED_VIEW_MSG, savedViewIdParam, type SavedView } from '@contract/saved-views'
import { savedViewCreate, savedViewListQuery, savedViewPatch } from '@contract/input/saved-views'
import { created, db, fail, ok, route, storeOf, type MockAdmin } from '../db'

type StoredView = Omit<SavedView, 'mine' | 'owner'> & { ownerId: string | null }

/** Every saved view of every admin, as the server keeps them. */
export const mockSavedViews = storeOf((): StoredView[] => [])

const toView = (view: StoredView, me: MockAdmin): SavedView => {
  const { ownerId, ...rest } = view
  const owner = db.admins.find((a) => a._id === ownerId)
  return { ...rest, owner: owner ? { _id: owner._id, email: owner.email } : null, mine: ownerId === me._id }
}
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const taken = (view: Pick<StoredView, 'list' | 'name' | 'shared' | 'ownerId'>, except?: string) =>
  mockSavedViews().some(
    (v) => v._id !== except && v.list === view.list && v.shared === view.shared && sameName(v.name, view.name) && (v.shared || v.ownerId === view.ownerId),
  )
/** Whether `admin` may keep one more personal view of `list` (saving one, or unsharing a shared one). */
const personalRoom = (admin: MockAdmin, list: ListName) =>
  mockSavedViews().filter((v) => v.ownerId === admin._id && v.list === list && !v.shared).length < PERSONAL_VIEWS_MAX
const visible = (view: StoredView | undefined, admin: MockAdmin) => view && (view.shared || view.ownerId === admin._id)
const forbidden = () => fail('FORBIDDEN', API_MSG.forbidden)

export const savedViewsHandlers: HttpHandler[] = [
  route('get', '/admin/views', { permission: 'profile.self', query: savedViewListQuery }, ({ admin, query }) => {
    if (!can(admin.role, LIST_PERMISSION[query.list])) return forbidden()
    const views = mockSavedViews()
      .filter((v) => v.list === query.list && (v.shared || v.ownerId === admin._id))
      .sort((a, b) => Number(b.shared) - Number(a.shared) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
    return ok(SAVED_VIEW_MSG.listed, views.map((v) => toView(v, admin)))
  }),

  route('post', '/admin/views', { permission: 'profile.self', body: savedViewCreate }, ({ admin, body }) => {
    if (!can(admin.role, LIST_PERMISSION[body.list]) || (body.shared && !can(admin.role, 'view.share'))) return forbidden()
    const fresh = { list: body.list, name: body.name, shared: body.shared, ownerId: admin._id }
    if (!body.shared && !personalRoom(admin, body.list)) return fail('CONFLICT', SAVED_VIEW_MSG.tooMany)
    if (taken(fresh)) return fail('CONFLICT', SAVED_VIEW_MSG.duplicate)
    const view: StoredView = { ...fresh, _id: crypto.randomUUID(), state: body.state, createdAt: new Date().toISOString() }
    mockSavedViews().push(view)
    return created(SAVED_VIEW_MSG.created, toView(view, admin))
  }),

  route('patch', '/admin/views/:id', { permission: 'profile.self', params: savedViewIdParam, body: savedViewPatch }, ({ admin, params, body }) => {
    const view = mockSavedViews().find((v) => v._id === params.id)
    if (!view || !visible(view, admin)) return fail('NOT_FOUND', SAVED_VIEW_MSG.notFound)
    if (!can(admin.role, LIST_PERMISSION[view.list])) return forbidden()
    if ((view.shared || body.shared) && !can(admin.role, 'view.share')) return forbidden()
    let state = view.state
    if (body.state) {
      const checked = savedViewCreate.safeParse({ list: view.list, name: 'x', state: body.state })
      if (!checked.success) {
        const { message, fields } = validationFailure(checked.error)
        return fail('BAD_REQUEST', message, fields)
      }
      state = checked.data.state
    }
    const unsharing = view.shared && body.shared === false
    // As the server: the limit before the name.
    if (unsharing && !personalRoom(admin, view.list)) return fail('CONFLICT', SAVED_VIEW_MSG.tooMany)
    const next = {
      ...view,
      name: body.name ?? view.name,
      shared: body.shared ?? view.shared,
      state,
      ownerId: unsharing ? admin._id : view.ownerId,
    }
    if (taken(next, view._id)) return fail('CONFLICT', SAVED_VIEW_MSG.duplicate)
    Object.assign(view, next)
    return ok(SAVED_VIEW_MSG.updated, toView(view, admin))
  }),

  route('delete', '/admin/views/:id', { permission: 'profile.self', params: savedViewIdParam }, ({ admin, params }) => {
    const views = mockSavedViews()
    const index = views.findIndex((v) => v._id === params.id)
    const view = views[index]
    if (!view || !visible(view, admin)) return fail('NOT_FOUND', SAVED_VIEW_MSG.notFound)
    if (view.shared && !can(admin.role, 'view.share')) return forbidden()
    views.splice(index, 1)
    return ok(SAVED_VIEW_MSG.deleted)
  }),
]

/** A view saved earlier (by `owner`), for a test's start. */
export function saveView(owner: MockAdmin, view: { list: ListName; name: string; shared?: boolean; state: Record<string, unknown> }) {
  const stored: StoredView = { _id: crypto.randomUUID(), shared: false, createdAt: new Date().toISOString(), ownerId: owner._id, ...view }
  mockSavedViews().push(stored)
  return stored
}
