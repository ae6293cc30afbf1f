import { http, type HttpHandler } from 'msw'
import { USER_STATUS, USERS_MSG, blockUnblockQuery, userListItem, userListQuery, type UserDetails } from '@contract'
import { api, authenticate, db, fail, ok, readId } from '../db'
import { csvAnswer, listAnswer, readQuery, type ListRules } from '../list'

const rules: ListRules<UserDetails> = {
  searchIn: (u) => [u.username, u.name, u.email, u.mobileNo],
  filter: (u, status: number) => u.status === status,
}
const toListItem = (u: UserDetails) => userListItem.parse(u)

export const userHandlers: HttpHandler[] = [
  http.get(api('/admin/users'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return listAnswer(request, userListQuery, db.users, rules, { message: USERS_MSG.listed, map: toListItem })
  }),

  http.get(api('/admin/users/export'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return csvAnswer(request, userListQuery, db.users, rules, {
      stem: 'users',
      columns: [
        ['Username', (u) => u.username],
        ['Full Name', (u) => u.name],
        ['Email', (u) => u.email],
        ['DOB', (u) => u.dob],
        ['Contact No.', (u) => (u.mobileNo ? [u.countryCode, u.mobileNo].filter(Boolean).join(' ') : null)],
      ],
    })
  }),

  http.get(api('/admin/user/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const id = readId(params)
    if (id instanceof Response) return id
    const user = db.users.find((u) => u._id === id)
    return user ? ok(USERS_MSG.fetched, user) : fail('NOT_FOUND', USERS_MSG.notFound)
  }),

  http.patch(api('/admin/user/block-unblock/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const id = readId(params)
    if (id instanceof Response) return id
    const query = readQuery(request, blockUnblockQuery)
    if (query instanceof Response) return query
    const user = db.users.find((u) => u._id === id)
    if (!user) return fail('NOT_FOUND', USERS_MSG.notFound)
    user.status = query.status
    return ok(query.status === USER_STATUS.BLOCKED ? USERS_MSG.blocked : USERS_MSG.unblocked, toListItem(user))
  }),
]
