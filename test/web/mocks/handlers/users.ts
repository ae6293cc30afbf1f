import type { HttpHandler } from 'msw'
import {
  PETS_MSG,
  USER_STATUS,
  USERS_MSG,
  blockUnblockQuery,
  idParam,
  petDetails,
  userListItem,
  userListQuery,
  phoneNumber,
  userPetParams,
  userStatusLabel,
  type UserDetails,
} from '@contract'
import { db, fail, ok, route } from '../db'
import { petsDb } from './pets'
import { csvAnswer, exportRoutes, listAnswer, type ListRules } from '../list'

export const userRules: ListRules<UserDetails> = {
  searchIn: (u) => [u.username, u.name, u.email, u.mobileNo],
  filter: (u, status: number) => u.status === status,
}
const toListItem = (u: UserDetails) => userListItem.parse(u)

export const userHandlers: HttpHandler[] = [
  route('get', '/admin/users', { permission: 'read', query: userListQuery }, ({ query }) =>
    listAnswer(query, db.users, userRules, { message: USERS_MSG.listed, map: toListItem }),
  ),

  ...exportRoutes('/admin/users/export', { permission: 'read', query: userListQuery }, (query, chosen) =>
    csvAnswer(query, db.users.filter((u) => chosen(u._id)), userRules, {
      stem: 'users',
      columns: [
        ['Username', (u) => u.username],
        ['Full Name', (u) => u.name],
        ['Email', (u) => u.email],
        ['DOB', (u) => u.dob],
        ['Contact No.', (u) => phoneNumber(u.countryCode, u.mobileNo)],
        ['Status', (u) => userStatusLabel[u.status]],
      ],
    }),
  ),

  route('get', '/admin/user/:id', { permission: 'read', params: idParam }, ({ params }) => {
    const user = db.users.find((u) => u._id === params.id)
    return user ? ok(USERS_MSG.fetched, user) : fail('NOT_FOUND', USERS_MSG.notFound)
  }),

  route('get', '/admin/user/:id/pet/:petId', { permission: 'read', params: userPetParams }, ({ params }) => {
    const owns = db.users.find((u) => u._id === params.id)?.pets.some((p) => p._id === params.petId)
    const pet = owns ? petsDb().find((p) => p._id === params.petId) : undefined
    return pet ? ok(PETS_MSG.fetched, petDetails.parse(pet)) : fail('NOT_FOUND', PETS_MSG.notFound)
  }),

  route('patch', '/admin/user/block-unblock/:id', { permission: 'user.block', params: idParam, query: blockUnblockQuery }, ({ params, query }) => {
    const user = db.users.find((u) => u._id === params.id)
    if (!user) return fail('NOT_FOUND', USERS_MSG.notFound)
    user.status = query.status
    return ok(query.status === USER_STATUS.BLOCKED ? USERS_MSG.blocked : USERS_MSG.unblocked, toListItem(user))
  }),
]
