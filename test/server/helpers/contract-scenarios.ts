import * as zm from 'zod/mini'
import {
  adminAccount,
  apiToken,
  createdApiToken,
  adminProfile,
  city,
  cmsPage,
  faq,
  feedback,
  notificationListItem,
  partner,
  partnerDetails,
  placeDetails,
  placeListItem,
  siteDetails,
  siteListItem,
  trashItem,
  uploadResult,
  USER_STATUS,
  userDetails,
  userListItem,
  type PlaceKind,
  type UploadFolder,
  type UserStatus,
} from '../../../contract'
import { BULK_REASON, bulkResult } from '../../../contract/bulk'
import { PERSONAL_VIEWS_MAX, savedView } from '../../../contract/saved-views'
import { webhookDelivery, webhookEndpoint } from '../../../contract/webhooks'
import { placeFields, UNKNOWN_ID } from './fixtures'

/**
 * The calls the web tests' msw handlers must answer as the server does (mock-contract.test.ts
 * runs each against both and compares the answers). The two sides hold different rows, so a
 * scenario finds what it acts on in the side's own data (the first row of a list, a detail's
 * images, its version) and never names an id; values are never compared, only statuses,
 * messages and shapes. Scenarios run in order on one database per side: those that change
 * passwords or accounts keep to rows made for them or put things back.
 */

export type Who = 'admin' | 'subAdmin'

export type Query = Record<string, string | number>

export interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Under /api/v1. */
  path?: string
  /** A whole URL instead (an upload target). */
  url?: string
  query?: Query
  json?: unknown
  form?: FormData
  /** Another bearer token than the scenario's (null: none). */
  token?: string | null
}

/** What a scenario may ask of the side it runs on. */
export interface Client {
  /** The side's test accounts. */
  accounts: Record<Who, { email: string; password: string }>
  /** A new session of a test account (no password check). */
  session(who: Who): Promise<string>
  /** Sends a call as the scenario's admin, unless `call.token` says otherwise. */
  send(call: Call): Promise<Response>
  /** The `data` of a call that must succeed, parsed with `schema`. */
  data<S extends zm.ZodMiniType>(call: Call, schema: S): Promise<zm.infer<S>>
  /** Signs and posts a small PNG into `folder` as the SPA does; the file's URL. */
  upload(folder: UploadFolder): Promise<string>
  /** The one-time code last mailed to `email`. */
  lastOtp(email: string): string
}

export interface Scenario {
  name: string
  /** Who calls: an admin by default; null sends no token. */
  as?: Who | null
  call(c: Client): Call | Promise<Call>
  /** Keys whose content is free-form data on both sides (its shape is not compared). */
  freeForm?: string[]
}

const list = <S extends zm.ZodMiniType>(item: S) => zm.array(item)
const first = async <S extends zm.ZodMiniType>(c: Client, path: string, item: S, query: Query = {}) => {
  const rows = await c.data({ path, query }, list(item))
  if (!rows[0]) throw new Error(`${path} has no rows to act on`)
  return rows[0]
}

/** A list query that uses every part: search, filter, sort and paging. */
const everyPart = (filter: string | number, sortBy: string, search = 'a'): Query => ({ search, filter, sortBy, sortOrder: 1, page: 1, limit: 2 })
/** What every list refuses: an unknown sort, page 0 and an unknown key. */
const badListQuery: Query = { sortBy: 'nope', page: 0, colour: 'red' }

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3])
/** The upload form as the SPA posts it: every signed field first, the file last. */
export function uploadForm(fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png')
  return form
}
const sign = (folderType: UploadFolder, mimeType = 'image/png'): Call => ({
  method: 'POST',
  path: '/common/upload',
  json: [{ fileName: 'photo.png', mimeType, folderType }],
})

const authScenarios: Scenario[] = [
  { name: 'sign-in', as: null, call: (c) => ({ method: 'POST', path: '/admin/login', json: c.accounts.admin }) },
  {
    name: 'sign-in with a wrong password: 401',
    as: null,
    call: (c) => ({ method: 'POST', path: '/admin/login', json: { email: c.accounts.admin.email, password: 'Wrong@123' } }),
  },
  { name: 'sign-in with bad fields: 400', as: null, call: () => ({ method: 'POST', path: '/admin/login', json: { email: 'nope', password: '' } }) },
  {
    name: 'sign-in with a field the form does not have: 400',
    as: null,
    call: (c) => ({ method: 'POST', path: '/admin/login', json: { ...c.accounts.admin, remember: true } }),
  },
  { name: 'a call without a token: 401', as: null, call: () => ({ path: '/admin/users' }) },
  { name: 'a call with an ended session: 401', call: () => ({ path: '/admin/users', token: 'ended-session' }) },
  { name: 'profile', call: () => ({ path: '/admin/profile' }) },
  {
    name: 'profile edit',
    call: () => ({ method: 'PUT', path: '/admin/edit', json: { name: 'Renamed Admin', profileImage: 'https://cdn.example.com/me.png' } }),
  },
  {
    name: 'profile edit with a script as the picture: 400',
    call: () => ({ method: 'PUT', path: '/admin/edit', json: { name: 'Renamed Admin', profileImage: 'javascript:alert(1)' } }),
  },
  { name: 'preferences', as: 'subAdmin', call: () => ({ path: '/admin/preferences' }) },
  {
    name: 'preferences: a list’s columns saved',
    as: 'subAdmin',
    call: () => ({ method: 'PATCH', path: '/admin/preferences', json: { theme: 'dark', listColumns: { users: ['email', 'username', 'actions'] } } }),
  },
  {
    name: 'preferences: a list forgotten, the theme kept',
    as: 'subAdmin',
    call: () => ({ method: 'PATCH', path: '/admin/preferences', json: { listColumns: { users: null } } }),
  },
  {
    name: 'preferences: a column the list does not have: 400',
    call: () => ({ method: 'PATCH', path: '/admin/preferences', json: { listColumns: { users: ['siteCount'] } } }),
  },
  {
    name: 'saved view: saved, its page dropped',
    call: () => ({ method: 'POST', path: '/admin/views', json: { list: 'users', name: 'Blocked', state: { filter: 2, page: 3, sortBy: 'email', sortOrder: -1 } } }),
  },
  {
    name: 'saved view: shared by an admin',
    call: () => ({ method: 'POST', path: '/admin/views', json: { list: 'users', name: 'Team', shared: true, state: { limit: 25 } } }),
  },
  {
    name: 'saved view: a name taken: 409',
    call: () => ({ method: 'POST', path: '/admin/views', json: { list: 'users', name: 'blocked', state: {} } }),
  },
  {
    name: 'saved view: a state the list does not take: 400',
    call: () => ({ method: 'POST', path: '/admin/views', json: { list: 'users', name: 'Odd', state: { sortBy: 'siteCount' } } }),
  },
  {
    name: 'saved view: a sub admin cannot share: 403',
    as: 'subAdmin',
    call: () => ({ method: 'POST', path: '/admin/views', json: { list: 'users', name: 'Mine', shared: true, state: {} } }),
  },
  { name: 'saved views of a list', as: 'subAdmin', call: () => ({ path: '/admin/views', query: { list: 'users' } }) },
  {
    name: 'saved view: a sub admin cannot rename a shared one: 403',
    as: 'subAdmin',
    call: async (c) => {
      const views = await c.data({ path: '/admin/views', query: { list: 'users' } }, zm.array(savedView))
      return { method: 'PATCH', path: `/admin/views/${views.find((v) => v.shared)!._id}`, json: { name: 'Renamed' } }
    },
  },
  {
    name: 'saved view: renamed',
    call: async (c) => {
      const views = await c.data({ path: '/admin/views', query: { list: 'users' } }, zm.array(savedView))
      return { method: 'PATCH', path: `/admin/views/${views.find((v) => v.mine && !v.shared)!._id}`, json: { name: 'Blocked owners' } }
    },
  },
  {
    name: 'saved view: deleted',
    call: async (c) => {
      const views = await c.data({ path: '/admin/views', query: { list: 'users' } }, zm.array(savedView))
      return { method: 'DELETE', path: `/admin/views/${views.find((v) => v.shared)!._id}` }
    },
  },
  {
    name: 'saved view: shared after saving',
    call: async (c) => {
      const views = await c.data({ path: '/admin/views', query: { list: 'users' } }, zm.array(savedView))
      return { method: 'PATCH', path: `/admin/views/${views.find((v) => v.mine && !v.shared)!._id}`, json: { shared: true } }
    },
  },
  {
    name: 'saved view: made personal',
    call: async (c) => {
      const views = await c.data({ path: '/admin/views', query: { list: 'users' } }, zm.array(savedView))
      return { method: 'PATCH', path: `/admin/views/${views.find((v) => v.shared)!._id}`, json: { shared: false } }
    },
  },
  {
    name: 'saved view: shared onto a shared view of that name: 409',
    call: async (c) => {
      const mine = (await c.data({ path: '/admin/views', query: { list: 'users' } }, zm.array(savedView))).find((v) => v.mine && !v.shared)!
      await c.data({ method: 'POST', path: '/admin/views', json: { list: 'users', name: mine.name, shared: true, state: {} } }, savedView)
      return { method: 'PATCH', path: `/admin/views/${mine._id}`, json: { shared: true } }
    },
  },
  {
    name: 'saved view: made personal onto a personal view of that name: 409',
    call: async (c) => {
      const views = await c.data({ path: '/admin/views', query: { list: 'users' } }, zm.array(savedView))
      return { method: 'PATCH', path: `/admin/views/${views.find((v) => v.shared)!._id}`, json: { shared: false } }
    },
  },
  {
    // The limit is checked before the name (which is taken too).
    name: `saved view: made personal with ${PERSONAL_VIEWS_MAX} personal views kept: 409`,
    call: async (c) => {
      const views = await c.data({ path: '/admin/views', query: { list: 'users' } }, zm.array(savedView))
      for (let i = views.filter((v) => !v.shared).length; i < PERSONAL_VIEWS_MAX; i++)
        await c.data({ method: 'POST', path: '/admin/views', json: { list: 'users', name: `Kept ${i}`, state: {} } }, savedView)
      return { method: 'PATCH', path: `/admin/views/${views.find((v) => v.shared)!._id}`, json: { shared: false } }
    },
  },
  {
    name: 'change password with a wrong old one: 400',
    call: () => ({
      method: 'POST',
      path: '/admin/change-password',
      json: { oldPassword: 'Wrong@123', newPassword: 'Newpass@123', confirmPassword: 'Newpass@123' },
    }),
  },
  {
    name: 'change password to the same one: 400',
    call: (c) => {
      const { password } = c.accounts.admin
      return { method: 'POST', path: '/admin/change-password', json: { oldPassword: password, newPassword: password, confirmPassword: password } }
    },
  },
  {
    name: 'change password with a confirmation that differs: 400',
    call: (c) => ({
      method: 'POST',
      path: '/admin/change-password',
      json: { oldPassword: c.accounts.admin.password, newPassword: 'Newpass@123', confirmPassword: 'Other@1234' },
    }),
  },
  { name: 'sign-out of a session not yours: 403', call: () => ({ method: 'POST', path: `/admin/logout/${UNKNOWN_ID}` }) },
  {
    name: 'sign-out',
    call: async (c) => {
      const token = await c.session('admin')
      const me = await c.data({ path: '/admin/profile', token }, adminProfile)
      return { method: 'POST', path: `/admin/logout/${me._id}`, token }
    },
  },
  { name: 'send a reset code', as: null, call: (c) => ({ method: 'POST', path: '/admin/send-otp', json: { email: c.accounts.admin.email } }) },
  { name: 'send a reset code again', as: null, call: (c) => ({ method: 'POST', path: '/admin/resend-otp', json: { email: c.accounts.admin.email } }) },
  { name: 'send a reset code to a bad email: 400', as: null, call: () => ({ method: 'POST', path: '/admin/send-otp', json: { email: 'nope' } }) },
  {
    name: 'verify a wrong code: 400',
    as: null,
    call: (c) => ({ method: 'POST', path: '/admin/verify-otp', json: { email: c.accounts.admin.email, otp: '000000' } }),
  },
  {
    name: 'verify the code mailed',
    as: null,
    call: async (c) => {
      const { email } = c.accounts.subAdmin
      await c.send({ method: 'POST', path: '/admin/send-otp', json: { email } })
      return { method: 'POST', path: '/admin/verify-otp', json: { email, otp: c.lastOtp(email) } }
    },
  },
  {
    name: 'reset with an unknown token: 400',
    as: null,
    call: () => ({ method: 'POST', path: '/admin/reset-password', json: { resetToken: 'unknown', password: 'Newpass@123', confirmPassword: 'Newpass@123' } }),
  },
  { name: 'dashboard', call: () => ({ path: '/admin/dashboard' }) },
  { name: 'dashboard charts', call: () => ({ path: '/admin/dashboard/charts' }) },
  { name: 'dashboard charts: 90 days', as: 'subAdmin', call: () => ({ path: '/admin/dashboard/charts', query: { period: '90d' } }) },
  { name: 'dashboard charts: 12 months', call: () => ({ path: '/admin/dashboard/charts', query: { period: '12m' } }) },
  { name: 'dashboard charts: a bad period: 400', call: () => ({ path: '/admin/dashboard/charts', query: { period: '1y' } }) },
  { name: 'dashboard charts: an unknown key: 400', call: () => ({ path: '/admin/dashboard/charts', query: { days: 30 } }) },
  { name: 'search', as: 'subAdmin', call: () => ({ path: '/admin/search', query: { q: 'an' } }) },
  { name: 'search: a text of one character: 400', call: () => ({ path: '/admin/search', query: { q: ' a ' } }) },
  { name: 'search: a text over 100 characters: 400', call: () => ({ path: '/admin/search', query: { q: 'a'.repeat(101) } }) },
  { name: 'search: an unknown key: 400', call: () => ({ path: '/admin/search', query: { q: 'an', page: 2 } }) },
]

// Last of all: a reset ends every session of the account, the one the scenarios above share included.
const resetPassword: Scenario = {
  name: 'reset the password',
  as: null,
  call: async (c) => {
    const { email, password } = c.accounts.subAdmin
    await c.send({ method: 'POST', path: '/admin/send-otp', json: { email } })
    const { resetToken } = await c.data(
      { method: 'POST', path: '/admin/verify-otp', json: { email, otp: c.lastOtp(email) } },
      zm.object({ resetToken: zm.string() }),
    )
    return { method: 'POST', path: '/admin/reset-password', json: { resetToken, password, confirmPassword: password } }
  },
}

const userScenarios: Scenario[] = [
  { name: 'users: search, filter, sort, page', call: () => ({ path: '/admin/users', query: everyPart(1, 'name') }) },
  { name: 'users: page 2', call: () => ({ path: '/admin/users', query: { page: 2, limit: 2 } }) },
  { name: 'users: a bad query: 400', call: () => ({ path: '/admin/users', query: badListQuery }) },
  { name: 'users: CSV', call: () => ({ path: '/admin/users/export', query: { search: 'a', sortBy: 'email', sortOrder: -1 } }) },
  {
    name: 'users: CSV of chosen rows',
    call: async (c) => ({
      method: 'POST',
      path: '/admin/users/export',
      query: { sortBy: 'email', sortOrder: -1 },
      json: { ids: [(await first(c, '/admin/users', userListItem))._id, UNKNOWN_ID] },
    }),
  },
  { name: 'users: CSV of chosen rows, a bad id: 400', call: () => ({ method: 'POST', path: '/admin/users/export', json: { ids: ['nope'] } }) },
  { name: 'user details', call: async (c) => ({ path: `/admin/user/${(await first(c, '/admin/users', userListItem))._id}` }) },
  { name: 'user details: unknown: 404', call: () => ({ path: `/admin/user/${UNKNOWN_ID}` }) },
  { name: 'user details: not an id: 400', call: () => ({ path: '/admin/user/nope' }) },
  {
    name: 'block a user',
    call: async (c) => ({
      method: 'PATCH',
      path: `/admin/user/block-unblock/${(await first(c, '/admin/users', userListItem, { filter: 1 }))._id}`,
      query: { status: 2 },
    }),
  },
  {
    name: 'unblock a user',
    call: async (c) => ({
      method: 'PATCH',
      path: `/admin/user/block-unblock/${(await first(c, '/admin/users', userListItem, { filter: 2 }))._id}`,
      query: { status: 1 },
    }),
  },
  {
    name: 'block a user with a bad status: 400',
    call: async (c) => ({
      method: 'PATCH',
      path: `/admin/user/block-unblock/${(await first(c, '/admin/users', userListItem))._id}`,
      query: { status: 3 },
    }),
  },
  { name: 'block an unknown user: 404', call: () => ({ method: 'PATCH', path: `/admin/user/block-unblock/${UNKNOWN_ID}`, query: { status: 2 } }) },
  {
    name: 'bulk block users: one changed, an unknown one skipped',
    call: async (c) => ({
      method: 'POST',
      path: '/admin/users/bulk',
      json: { action: 'block', ids: [(await first(c, '/admin/users', userListItem, { filter: 1 }))._id, UNKNOWN_ID] },
    }),
  },
  { name: 'bulk unblock all matching a search', call: () => ({ method: 'POST', path: '/admin/users/bulk', json: { action: 'unblock', query: { search: 'zz-nobody' } } }) },
  { name: 'bulk with neither ids nor query: 400', call: () => ({ method: 'POST', path: '/admin/users/bulk', json: { action: 'block' } }) },
  { name: 'bulk deactivate pet shops matching a search', call: () => ({ method: 'POST', path: '/admin/pet-shops/bulk', json: { action: 'deactivate', query: { search: 'zz-nothing' } } }) },
  { name: 'bulk delete an unknown site: skipped', call: () => ({ method: 'POST', path: '/admin/sites/bulk', json: { action: 'delete', ids: [UNKNOWN_ID] } }) },
  { name: 'bulk resolve unknown feedback as a sub admin: skipped', as: 'subAdmin', call: () => ({ method: 'POST', path: '/admin/feedback/bulk', json: { action: 'resolve', ids: [UNKNOWN_ID] } }) },
  { name: 'bulk delete notifications as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'POST', path: '/admin/notifications/bulk', json: { action: 'delete', ids: [UNKNOWN_ID] } }) },
  { name: 'bulk delete feedback as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'POST', path: '/admin/feedback/bulk', json: { action: 'delete', ids: [UNKNOWN_ID] } }) },
  {
    // The Undo of a bulk delete: the delete's answer names the rows it moved, the restore takes them back (and the list is as before).
    name: 'bulk restore what a bulk delete moved, and an unknown one: skipped',
    call: async (c) => {
      const id = (await first(c, '/admin/notifications', notificationListItem))._id
      const deleted = await c.data({ method: 'POST', path: '/admin/notifications/bulk', json: { action: 'delete', ids: [id] } }, bulkResult)
      if (deleted.ids?.[0] !== id) throw new Error(`the delete answered ${JSON.stringify(deleted)}`)
      return { method: 'POST', path: '/admin/notifications/bulk', json: { action: 'restore', ids: [id, UNKNOWN_ID] } }
    },
  },
  { name: 'bulk restore with a query: 400', call: () => ({ method: 'POST', path: '/admin/pet-shops/bulk', json: { action: 'restore', query: { search: 'paws' } } }) },
  { name: 'bulk restore pet shops as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'POST', path: '/admin/pet-shops/bulk', json: { action: 'restore', ids: [UNKNOWN_ID] } }) },
  {
    name: 'a pet’s public page',
    as: null,
    call: async (c) => ({ path: '/pet/petbyid', query: { petId: await petWithOwner(c, USER_STATUS.ACTIVE) } }),
  },
  {
    name: 'a pet’s public page: its owner blocked: 404',
    as: null,
    call: async (c) => ({ path: '/pet/petbyid', query: { petId: await petWithOwner(c, USER_STATUS.BLOCKED) } }),
  },
  {
    name: 'a user’s pet',
    call: async (c) => {
      const users = await c.data({ path: '/admin/users', query: { limit: 20 } }, list(userListItem))
      for (const { _id } of users) {
        const { pets } = await c.data({ path: `/admin/user/${_id}` }, userDetails)
        if (pets[0]) return { path: `/admin/user/${_id}/pet/${pets[0]._id}` }
      }
      throw new Error('No user has a pet')
    },
  },
  {
    name: 'a user’s pet: unknown: 404',
    call: async (c) => ({ path: `/admin/user/${(await first(c, '/admin/users', userListItem))._id}/pet/${UNKNOWN_ID}` }),
  },
  { name: 'a user’s pet: not ids: 400', call: () => ({ path: '/admin/user/nope/pet/nope' }) },
  { name: 'a pet’s public page: unknown: 404', as: null, call: () => ({ path: '/pet/petbyid', query: { petId: UNKNOWN_ID } }) },
  { name: 'a pet’s public page: not an id: 400', as: null, call: () => ({ path: '/pet/petbyid', query: { petId: 'nope' } }) },
]

/** The newest pending partner request of the side. */
const pendingPartner = (c: Client) => first(c, '/admin/partners', partner, { status: 1 })

const partnerAndFeedbackScenarios: Scenario[] = [
  { name: 'partners: search, filter, sort, page', call: () => ({ path: '/admin/partners', query: everyPart(5, 'name') }) },
  { name: 'partners: a bad query: 400', call: () => ({ path: '/admin/partners', query: { ...badListQuery, filter: 7 } }) },
  { name: 'partners: CSV', call: () => ({ path: '/admin/partners/export', query: { filter: 6 } }) },
  { name: 'partners: by status and type', call: () => ({ path: '/admin/partners', query: { ...everyPart(5, 'name', ''), status: 1 } }) },
  { name: 'partners: unknown status: 400', call: () => ({ path: '/admin/partners', query: { status: 4 } }) },
  { name: 'partners: CSV by status', call: () => ({ path: '/admin/partners/export', query: { status: 1 } }) },
  { name: 'partner details', call: async (c) => ({ path: `/admin/partners/${(await pendingPartner(c))._id}` }) },
  { name: 'partner details: unknown: 404', call: () => ({ path: `/admin/partners/${UNKNOWN_ID}` }) },
  { name: 'partner details: not an id: 400', call: () => ({ path: '/admin/partners/nope' }) },
  {
    name: 'partner: approve (makes a draft place)',
    as: 'subAdmin',
    call: async (c) => ({ method: 'POST', path: `/admin/partners/${(await pendingPartner(c))._id}/approve` }),
  },
  {
    name: 'partner: approve again: 409',
    call: async (c) => ({ method: 'POST', path: `/admin/partners/${(await first(c, '/admin/partners', partner, { status: 2 }))._id}/approve` }),
  },
  { name: 'partner: approved, with its draft', call: async (c) => ({ path: `/admin/partners/${(await first(c, '/admin/partners', partner, { status: 2 }))._id}` }) },
  {
    name: 'partner: activate its draft before completing it: 409',
    call: async (c) => {
      const approved = await first(c, '/admin/partners', partner, { status: 2 })
      const { place } = await c.data({ path: `/admin/partners/${approved._id}` }, partnerDetails)
      return { method: 'PATCH', path: `/place/${place!.kind === 'petShop' ? 'pet-shop' : 'hospital'}/${place!._id}` }
    },
  },
  {
    name: 'partner: decline with a reason',
    call: async (c) => ({ method: 'POST', path: `/admin/partners/${(await pendingPartner(c))._id}/decline`, json: { reason: '  No licence attached.  ' } }),
  },
  {
    name: 'partner: decline again: 409',
    call: async (c) => ({ method: 'POST', path: `/admin/partners/${(await first(c, '/admin/partners', partner, { status: 3 }))._id}/decline`, json: { reason: 'Still no' } }),
  },
  {
    name: 'partner: decline with a 1-character reason: 400',
    call: async (c) => ({ method: 'POST', path: `/admin/partners/${(await pendingPartner(c))._id}/decline`, json: { reason: 'x' } }),
  },
  {
    name: 'partner: decline with a 501-character reason: 400',
    call: async (c) => ({ method: 'POST', path: `/admin/partners/${(await pendingPartner(c))._id}/decline`, json: { reason: 'x'.repeat(501) } }),
  },
  { name: 'partner: approve an unknown one: 404', call: () => ({ method: 'POST', path: `/admin/partners/${UNKNOWN_ID}/approve` }) },
  { name: 'partner: decline without a token: 401', as: null, call: () => ({ method: 'POST', path: `/admin/partners/${UNKNOWN_ID}/decline`, json: { reason: 'No' } }) },
  { name: 'feedback: filter, sort, page', call: () => ({ path: '/feedback/list', query: everyPart('BUG', 'createdAt', '') }) },
  { name: 'feedback: CSV', call: () => ({ path: '/feedback/export', query: { filter: 'BUG' } }) },
  { name: 'feedback details', call: async (c) => ({ path: `/feedback/${(await first(c, '/feedback/list', feedback))._id}` }) },
  { name: 'feedback details: unknown: 404', call: () => ({ path: `/feedback/${UNKNOWN_ID}` }) },
  { name: 'feedback details: not an id: 400', call: () => ({ path: '/feedback/nope' }) },
  { name: 'feedback: by status and type', call: () => ({ path: '/feedback/list', query: { ...everyPart('BUG', 'createdAt', ''), status: 1 } }) },
  { name: 'feedback: unknown status: 400', call: () => ({ path: '/feedback/list', query: { status: 9 } }) },
  {
    name: 'feedback status: set',
    as: 'subAdmin',
    call: async (c) => ({ method: 'PATCH', path: `/feedback/${(await first(c, '/feedback/list', feedback))._id}/status`, json: { status: 2 } }),
  },
  {
    name: 'feedback status: not a status: 400',
    call: async (c) => ({ method: 'PATCH', path: `/feedback/${(await first(c, '/feedback/list', feedback))._id}/status`, json: { status: 7 } }),
  },
  { name: 'feedback status: unknown: 404', call: () => ({ method: 'PATCH', path: `/feedback/${UNKNOWN_ID}/status`, json: { status: 3 } }) },
  { name: 'feedback status: no token: 401', as: null, call: () => ({ method: 'PATCH', path: `/feedback/${UNKNOWN_ID}/status`, json: { status: 3 } }) },
  {
    name: 'feedback note: add',
    call: async (c) => ({ method: 'POST', path: `/feedback/${(await first(c, '/feedback/list', feedback))._id}/notes`, json: { text: '  Called the user back.  ' } }),
  },
  {
    name: 'feedback note: too long: 400',
    call: async (c) => ({ method: 'POST', path: `/feedback/${(await first(c, '/feedback/list', feedback))._id}/notes`, json: { text: 'x'.repeat(1001) } }),
  },
  {
    name: 'feedback note: blank: 400',
    call: async (c) => ({ method: 'POST', path: `/feedback/${(await first(c, '/feedback/list', feedback))._id}/notes`, json: { text: '   ' } }),
  },
  { name: 'feedback note: unknown: 404', call: () => ({ method: 'POST', path: `/feedback/${UNKNOWN_ID}/notes`, json: { text: 'Hello' } }) },
]

const notificationScenarios: Scenario[] = [
  { name: 'notifications: search, filter, sort, page', call: () => ({ path: '/admin/notifications', query: everyPart('ALL_USERS', 'title', '') }) },
  {
    name: 'notifications a user received',
    call: async (c) => ({ path: '/admin/notifications', query: { recipientId: (await first(c, '/admin/users', userListItem))._id } }),
  },
  { name: 'notifications a user received: not an id: 400', call: () => ({ path: '/admin/notifications', query: { recipientId: 'nope' } }) },
  {
    name: 'notification details',
    call: async (c) => ({ path: `/admin/notification/${(await first(c, '/admin/notifications', notificationListItem))._id}` }),
  },
  { name: 'notification details: unknown: 404', call: () => ({ path: `/admin/notification/${UNKNOWN_ID}` }) },
  { name: 'notification details: not an id: 400', call: () => ({ path: '/admin/notification/nope' }) },
  {
    name: 'send a notification to every user',
    call: () => ({ method: 'POST', path: '/admin/notification', json: { title: 'Hello', description: 'News for you', sendToAllUsers: true } }),
  },
  {
    name: 'send a notification to a user who is gone: 400',
    call: async (c) => ({
      method: 'POST',
      path: '/admin/notification',
      json: {
        title: 'Hello',
        description: 'News for you',
        sendToAllUsers: false,
        userIds: [(await first(c, '/admin/users', userListItem, { filter: 1 }))._id, UNKNOWN_ID],
      },
    }),
  },
  { name: 'send a notification with bad fields: 400', call: () => ({ method: 'POST', path: '/admin/notification', json: { title: '', sendToAllUsers: false } }) },
  {
    name: 'notification recipients: search, filter, page',
    call: async (c) => ({
      path: `/admin/notification/${(await first(c, '/admin/notifications', notificationListItem))._id}/recipients`,
      query: { search: 'a', filter: 2, page: 1, limit: 2 },
    }),
  },
  {
    name: 'notification recipients: first page',
    as: 'subAdmin',
    call: async (c) => ({ path: `/admin/notification/${(await first(c, '/admin/notifications', notificationListItem))._id}/recipients` }),
  },
  {
    name: 'notification recipients: those with no device',
    call: async (c) => ({
      path: `/admin/notification/${(await first(c, '/admin/notifications', notificationListItem))._id}/recipients`,
      query: { filter: 5 },
    }),
  },
  { name: 'notification recipients: unknown: 404', call: () => ({ path: `/admin/notification/${UNKNOWN_ID}/recipients` }) },
  {
    name: 'notification recipients: a bad filter and a sort: 400',
    call: async (c) => ({
      path: `/admin/notification/${(await first(c, '/admin/notifications', notificationListItem))._id}/recipients`,
      query: { filter: 9, sortBy: 'username' },
    }),
  },
  {
    name: 'notification: retry when nothing failed: 409',
    call: async (c) => {
      const sent = await c.data({ method: 'POST', path: '/admin/notification', json: { title: 'Retry', description: 'All delivered' } }, notificationListItem)
      return { method: 'POST', path: `/admin/notification/${sent._id}/retry` }
    },
  },
  { name: 'notification: retry an unknown one: 404', call: () => ({ method: 'POST', path: `/admin/notification/${UNKNOWN_ID}/retry` }) },
  { name: 'notifications: the push service', as: 'subAdmin', call: () => ({ path: '/admin/notifications/push-service' }) },
  {
    name: 'notification: cancel a sent one: 409',
    as: 'subAdmin',
    call: async (c) => ({ method: 'POST', path: `/admin/notification/${(await first(c, '/admin/notifications', notificationListItem))._id}/cancel` }),
  },
  { name: 'notification: cancel an unknown one: 404', call: () => ({ method: 'POST', path: `/admin/notification/${UNKNOWN_ID}/cancel` }) },
  { name: 'notification: cancel without a token: 401', as: null, call: () => ({ method: 'POST', path: `/admin/notification/${UNKNOWN_ID}/cancel` }) },
  {
    name: 'schedule a notification in the past: 400',
    call: () => ({ method: 'POST', path: '/admin/notification', json: { title: 'Later', description: 'x', sendAt: '2000-01-01T00:00:00Z' } }),
  },
  {
    name: 'schedule a notification at no time: 400',
    call: () => ({ method: 'POST', path: '/admin/notification', json: { title: 'Later', description: 'x', sendAt: 'soon' } }),
  },
  {
    name: 'delete a notification',
    call: async (c) => ({ method: 'DELETE', path: `/admin/notification/${(await first(c, '/admin/notifications', notificationListItem))._id}` }),
  },
  {
    name: 'delete a notification as a sub admin: 403',
    as: 'subAdmin',
    call: async (c) => ({ method: 'DELETE', path: `/admin/notification/${(await first(c, '/admin/notifications', notificationListItem))._id}` }),
  },
]

function placeScenarios(kind: PlaceKind): Scenario[] {
  const [plural, singular] = kind === 'petShop' ? ['pet-shops', 'pet-shop'] : ['hospitals', 'hospital']
  const listPath = `/place/admin/${plural}`
  const anyPlace = async (c: Client) => (await first(c, listPath, placeListItem))._id
  const details = async (c: Client) => c.data({ path: `/place/admin/${singular}/${await anyPlace(c)}` }, placeDetails)
  const edit = (p: zm.infer<typeof placeDetails>, images: string[], version = p.version): Call => ({
    method: 'PUT',
    path: `/place/${singular}/${p._id}`,
    json: { ...placeFields, previousImages: p.images, images, version },
  })
  return [
    { name: `${kind}: search, filter, sort, page`, call: () => ({ path: listPath, query: everyPart(1, 'name') }) },
    { name: `${kind}: a bad query: 400`, call: () => ({ path: listPath, query: badListQuery }) },
    { name: `${kind}: CSV`, call: () => ({ path: `${listPath}/export`, query: { sortBy: 'name', sortOrder: 1 } }) },
    { name: `${kind} details`, call: async (c) => ({ path: `/place/admin/${singular}/${await anyPlace(c)}` }) },
    { name: `${kind} details: unknown: 404`, call: () => ({ path: `/place/admin/${singular}/${UNKNOWN_ID}` }) },
    { name: `${kind} details: not an id: 400`, call: () => ({ path: `/place/admin/${singular}/nope` }) },
    {
      name: `add a ${kind} with an uploaded image and logo`,
      call: async (c) => ({
        method: 'POST',
        path: `/place/${singular}`,
        json: { ...placeFields, images: [await c.upload('place')], logo: await c.upload('place') },
      }),
    },
    {
      name: `add a ${kind} with an image from elsewhere: 400`,
      call: () => ({ method: 'POST', path: `/place/${singular}`, json: { ...placeFields, images: ['https://elsewhere.example.com/a.png'] } }),
    },
    { name: `add a ${kind} with bad fields: 400`, call: () => ({ method: 'POST', path: `/place/${singular}`, json: { name: 'x', latitude: -1, images: [] } }) },
    { name: `edit a ${kind}, keeping its images and adding one`, call: async (c) => edit(await details(c), [await c.upload('place')]) },
    {
      name: `edit a ${kind} from an older version: 409`,
      call: async (c) => {
        const place = await details(c)
        return edit(place, [], place.version + 1)
      },
    },
    {
      name: `edit a ${kind}, keeping an image it does not have: 400`,
      call: async (c) => {
        const place = await details(c)
        return { ...edit(place, []), json: { ...placeFields, previousImages: ['https://elsewhere.example.com/a.png'], images: [], version: place.version } }
      },
    },
    { name: `edit an unknown ${kind}: 404`, call: () => ({ method: 'PUT', path: `/place/${singular}/${UNKNOWN_ID}`, json: { ...placeFields, previousImages: [], version: 1 } }) },
    { name: `toggle a ${kind}'s status`, call: async (c) => ({ method: 'PATCH', path: `/place/${singular}/${await anyPlace(c)}` }) },
    { name: `toggle an unknown ${kind}'s status: 404`, call: () => ({ method: 'PATCH', path: `/place/${singular}/${UNKNOWN_ID}` }) },
    {
      name: `activate a ${kind} whose images were all removed: 409, and skipped in bulk`,
      call: async (c) => {
        const { _id } = await first(c, listPath, placeListItem, { filter: 2 })
        const place = await c.data({ path: `/place/admin/${singular}/${_id}` }, placeDetails)
        await c.data({ ...edit(place, []), json: { ...placeFields, previousImages: [], images: [], version: place.version } }, placeDetails)
        const bulk = await c.data({ method: 'POST', path: `/admin/${plural}/bulk`, json: { action: 'activate', ids: [_id] } }, bulkResult)
        if (bulk.skipped[0]?.reason !== BULK_REASON.noImage) throw new Error(`Bulk activate: ${JSON.stringify(bulk)}`)
        return { method: 'PATCH', path: `/place/${singular}/${_id}` }
      },
    },
    { name: `delete a ${kind} as a sub admin: 403`, as: 'subAdmin', call: async (c) => ({ method: 'DELETE', path: `/place/${singular}/${await anyPlace(c)}` }) },
    { name: `delete a ${kind}`, call: async (c) => ({ method: 'DELETE', path: `/place/${singular}/${await anyPlace(c)}` }) },
    { name: `delete an unknown ${kind}: 404`, call: () => ({ method: 'DELETE', path: `/place/${singular}/${UNKNOWN_ID}` }) },
  ]
}

const cityWithSites = async (c: Client) => {
  const cities = await c.data({ path: '/admin/city/list', query: { sortBy: 'siteCount', sortOrder: -1, limit: 1 } }, list(city))
  if (!cities[0]?.siteCount) throw new Error('No city has sites')
  return cities[0]
}
const newCity = async (c: Client, name: string) => c.data({ method: 'POST', path: '/admin/city', json: { name } }, city)

const cityScenarios: Scenario[] = [
  { name: 'cities: search, sort, page', call: () => ({ path: '/admin/city/list', query: { search: 'a', sortBy: 'siteCount', sortOrder: -1, page: 1, limit: 2 } }) },
  { name: 'cities: a bad query: 400', call: () => ({ path: '/admin/city/list', query: { ...badListQuery, filter: 1 } }) },
  { name: 'city details', call: async (c) => ({ path: `/admin/city/${(await cityWithSites(c))._id}` }) },
  { name: 'city details: unknown: 404', call: () => ({ path: `/admin/city/${UNKNOWN_ID}` }) },
  { name: 'city details: not an id: 400', call: () => ({ path: '/admin/city/nope' }) },
  { name: 'add a city', call: () => ({ method: 'POST', path: '/admin/city', json: { name: 'Goa' } }) },
  { name: 'add a city with a bad name: 400', call: () => ({ method: 'POST', path: '/admin/city', json: { name: 'G0a' } }) },
  {
    name: 'add a city another has, in other case: 409',
    call: async (c) => ({ method: 'POST', path: '/admin/city', json: { name: ` ${(await cityWithSites(c)).name.toUpperCase()} ` } }),
  },
  { name: 'rename a city', call: async (c) => ({ method: 'PUT', path: `/admin/city/${(await newCity(c, 'Ooty'))._id}`, json: { name: 'Udhagamandalam' } }) },
  {
    name: 'rename a city to a name another has: 409',
    call: async (c) => ({ method: 'PUT', path: `/admin/city/${(await newCity(c, 'Shimla'))._id}`, json: { name: (await cityWithSites(c)).name } }),
  },
  { name: 'rename an unknown city: 404', call: () => ({ method: 'PUT', path: `/admin/city/${UNKNOWN_ID}`, json: { name: 'Nowhere' } }) },
  {
    name: 'rename an unknown city to a name another has: 404',
    call: async (c) => ({ method: 'PUT', path: `/admin/city/${UNKNOWN_ID}`, json: { name: (await cityWithSites(c)).name } }),
  },
  { name: 'delete a city with sites: 409', call: async (c) => ({ method: 'DELETE', path: `/admin/city/${(await cityWithSites(c))._id}` }) },
  { name: 'delete a city', call: async (c) => ({ method: 'DELETE', path: `/admin/city/${(await newCity(c, 'Manali'))._id}` }) },
  { name: 'delete a city as a sub admin: 403', as: 'subAdmin', call: async (c) => ({ method: 'DELETE', path: `/admin/city/${(await cityWithSites(c))._id}` }) },
  { name: 'delete an unknown city: 404', call: () => ({ method: 'DELETE', path: `/admin/city/${UNKNOWN_ID}` }) },
]

const siteFields = { name: 'River Walk', description: 'Shady paths by the water', address: '1 River Road', latitude: 12.9, longitude: 77.6 }
const anySite = async (c: Client) => (await first(c, '/admin/site/list', siteListItem, { cityId: (await cityWithSites(c))._id }))._id
const siteOf = async (c: Client) => c.data({ path: `/admin/site/${await anySite(c)}` }, siteDetails)
const siteEdit = (s: zm.infer<typeof siteDetails>, images: string[], version = s.version): Call => ({
  method: 'PUT',
  path: `/admin/site/${s._id}`,
  json: { ...siteFields, previousImages: s.images, images, version },
})

const siteScenarios: Scenario[] = [
  {
    name: 'sites of a city: search, filter, sort, page',
    call: async (c) => ({ path: '/admin/site/list', query: { ...everyPart(1, 'name', ''), cityId: (await cityWithSites(c))._id } }),
  },
  { name: 'sites: a bad city id: 400', call: () => ({ path: '/admin/site/list', query: { cityId: 'nope' } }) },
  { name: 'site details', call: async (c) => ({ path: `/admin/site/${await anySite(c)}` }) },
  { name: 'site details: unknown: 404', call: () => ({ path: `/admin/site/${UNKNOWN_ID}` }) },
  {
    name: 'add a site with an uploaded image',
    call: async (c) => ({
      method: 'POST',
      path: '/admin/site',
      json: { ...siteFields, cityId: (await cityWithSites(c))._id, images: [await c.upload('site')] },
    }),
  },
  {
    name: 'add a site with an image uploaded for places: 400',
    call: async (c) => ({
      method: 'POST',
      path: '/admin/site',
      json: { ...siteFields, cityId: (await cityWithSites(c))._id, images: [await c.upload('place')] },
    }),
  },
  {
    name: 'add a site to an unknown city: 404',
    call: async (c) => ({ method: 'POST', path: '/admin/site', json: { ...siteFields, cityId: UNKNOWN_ID, images: [await c.upload('site')] } }),
  },
  { name: 'add a site with bad fields: 400', call: () => ({ method: 'POST', path: '/admin/site', json: { name: '', cityId: 'nope', images: [] } }) },
  { name: 'edit a site, keeping its images and adding one', call: async (c) => siteEdit(await siteOf(c), [await c.upload('site')]) },
  {
    name: 'edit a site from an older version: 409',
    call: async (c) => {
      const site = await siteOf(c)
      return siteEdit(site, [], site.version + 1)
    },
  },
  { name: 'edit a site keeping no image: 400', call: async (c) => ({ ...siteEdit(await siteOf(c), []), json: { ...siteFields, previousImages: [], version: 1 } }) },
  { name: 'toggle a site’s status', call: async (c) => ({ method: 'PATCH', path: `/admin/site/status/${await anySite(c)}` }) },
  { name: 'toggle an unknown site’s status: 404', call: () => ({ method: 'PATCH', path: `/admin/site/status/${UNKNOWN_ID}` }) },
  { name: 'delete a site as a sub admin: 403', as: 'subAdmin', call: async (c) => ({ method: 'DELETE', path: `/admin/site/${await anySite(c)}` }) },
  { name: 'delete a site', call: async (c) => ({ method: 'DELETE', path: `/admin/site/${await anySite(c)}` }) },
]

const privacyPage = async (c: Client) => (await c.data({ path: '/admin/cms/list' }, list(cmsPage))).find((p) => p.type === 1)!
const anyFaq = async (c: Client) => (await c.data({ path: '/admin/faq' }, list(faq)))[0]!

const contentScenarios: Scenario[] = [
  { name: 'CMS pages', call: () => ({ path: '/admin/cms/list' }) },
  {
    name: 'save a CMS page',
    call: async (c) => ({ method: 'PUT', path: '/admin/cms', json: { type: 1, content: '<p>Our policy</p><script>x()</script>', version: (await privacyPage(c)).version } }),
  },
  {
    name: 'save a CMS page from an older version: 409',
    call: async (c) => ({ method: 'PUT', path: '/admin/cms', json: { type: 1, content: '<p>Late</p>', version: (await privacyPage(c)).version + 1 } }),
  },
  { name: 'save a CMS page with a bad type: 400', call: () => ({ method: 'PUT', path: '/admin/cms', json: { type: 3, content: '', version: 0 } }) },
  { name: 'save a CMS page as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'PUT', path: '/admin/cms', json: { type: 1, content: '<p>x</p>', version: 0 } }) },
  { name: 'a public CMS page', as: null, call: () => ({ path: '/cms/2' }) },
  { name: 'a public CMS page of a bad type: 400', as: null, call: () => ({ path: '/cms/3' }) },
  { name: 'the public FAQ', as: null, call: () => ({ path: '/cms-faqs' }) },
  { name: 'FAQs', call: () => ({ path: '/admin/faq' }) },
  { name: 'add an FAQ', call: () => ({ method: 'POST', path: '/admin/faq', json: { title: 'Can I bring my cat?', description: 'Yes.' } }) },
  { name: 'add an FAQ with bad fields: 400', call: () => ({ method: 'POST', path: '/admin/faq', json: { title: '', description: 'x'.repeat(501) } }) },
  { name: 'add an FAQ as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'POST', path: '/admin/faq', json: { title: 'Q', description: 'A' } }) },
  { name: 'edit an FAQ', call: async (c) => ({ method: 'PUT', path: `/admin/faq/${(await anyFaq(c))._id}`, json: { title: 'Edited?', description: 'Yes.' } }) },
  { name: 'edit an unknown FAQ: 404', call: () => ({ method: 'PUT', path: `/admin/faq/${UNKNOWN_ID}`, json: { title: 'Q', description: 'A' } }) },
  { name: 'edit an FAQ by a bad id: 400', call: () => ({ method: 'PUT', path: '/admin/faq/nope', json: { title: 'Q', description: 'A' } }) },
  {
    name: 'reorder the FAQs',
    call: async (c) => ({ method: 'PUT', path: '/admin/faq/order', json: { ids: (await c.data({ path: '/admin/faq' }, list(faq))).map((f) => f._id).reverse() } }),
  },
  { name: 'reorder the FAQs leaving one out: 400', call: async (c) => ({ method: 'PUT', path: '/admin/faq/order', json: { ids: [(await anyFaq(c))._id] } }) },
  { name: 'delete an FAQ', call: async (c) => ({ method: 'DELETE', path: `/admin/faq/${(await anyFaq(c))._id}` }) },
  { name: 'delete an unknown FAQ: 404', call: () => ({ method: 'DELETE', path: `/admin/faq/${UNKNOWN_ID}` }) },
]

const newAdmin = async (c: Client, email: string) =>
  c.data({ method: 'POST', path: '/admin/admins', json: { name: 'New Person', email, role: 2 } }, adminAccount)

const adminScenarios: Scenario[] = [
  { name: 'admins: search, filter, sort, page', call: () => ({ path: '/admin/admins', query: everyPart(2, 'email', 'sub') }) },
  { name: 'admins as a sub admin: 403', as: 'subAdmin', call: () => ({ path: '/admin/admins' }) },
  { name: 'add an admin', call: () => ({ method: 'POST', path: '/admin/admins', json: { name: 'Nina New', email: 'nina@example.com', role: 2 } }) },
  { name: 'add an admin whose email is taken: 409', call: (c) => ({ method: 'POST', path: '/admin/admins', json: { name: 'Twin', email: c.accounts.subAdmin.email.toUpperCase(), role: 2 } }) },
  { name: 'add an admin with bad fields: 400', call: () => ({ method: 'POST', path: '/admin/admins', json: { name: 'x', email: 'nope' } }) },
  { name: 'block an admin', call: async (c) => ({ method: 'PATCH', path: `/admin/admins/${(await newAdmin(c, 'blocked@example.com'))._id}/status`, json: { status: 2 } }) },
  {
    name: 'block yourself: 409',
    call: async (c) => ({ method: 'PATCH', path: `/admin/admins/${(await c.data({ path: '/admin/profile' }, adminProfile))._id}/status`, json: { status: 2 } }),
  },
  { name: 'block an unknown admin: 404', call: () => ({ method: 'PATCH', path: `/admin/admins/${UNKNOWN_ID}/status`, json: { status: 2 } }) },
  { name: 'block an admin by a bad id: 400', call: () => ({ method: 'PATCH', path: '/admin/admins/nope/status', json: { status: 2 } }) },
  { name: 'send an invitation again', call: async (c) => ({ method: 'POST', path: `/admin/admins/${(await newAdmin(c, 'again@example.com'))._id}/invite` }) },
  {
    name: 'send an invitation again to an admin who accepted: 409',
    call: async (c) => {
      const [sub] = await c.data({ path: '/admin/admins', query: { search: c.accounts.subAdmin.email } }, list(adminAccount))
      return { method: 'POST', path: `/admin/admins/${sub!._id}/invite` }
    },
  },
  {
    name: 'accept an unknown invitation: 400',
    as: null,
    call: () => ({ method: 'POST', path: '/admin/accept-invite', json: { token: 'unknown', password: 'Newpass@123', confirmPassword: 'Newpass@123' } }),
  },
]

const newApiToken = async (c: Client, name: string) =>
  (await c.data({ method: 'POST', path: '/admin/api-tokens', json: { name, scopes: ['read', 'users:write'] } }, createdApiToken)).token

const apiTokenScenarios: Scenario[] = [
  { name: 'create an API token (its secret in the answer)', call: () => ({ method: 'POST', path: '/admin/api-tokens', json: { name: 'App backend', scopes: ['read', 'pets:write'] } }) },
  { name: 'create an API token with no name and no scope: 400', call: () => ({ method: 'POST', path: '/admin/api-tokens', json: { name: ' ', scopes: [] } }) },
  { name: 'create an API token with a repeated scope: 400', call: () => ({ method: 'POST', path: '/admin/api-tokens', json: { name: 'Twice', scopes: ['read', 'read'] } }) },
  { name: 'create an API token as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'POST', path: '/admin/api-tokens', json: { name: 'Mine', scopes: ['read'] } }) },
  { name: 'API tokens', call: () => ({ path: '/admin/api-tokens' }) },
  { name: 'API tokens as a sub admin: 403', as: 'subAdmin', call: () => ({ path: '/admin/api-tokens' }) },
  { name: 'revoke an API token', call: async (c) => ({ method: 'POST', path: `/admin/api-tokens/${(await newApiToken(c, 'To revoke'))._id}/revoke` }) },
  {
    name: 'revoke a revoked API token: 409',
    call: async (c) => {
      const { _id } = await newApiToken(c, 'Twice revoked')
      await c.data({ method: 'POST', path: `/admin/api-tokens/${_id}/revoke` }, apiToken)
      return { method: 'POST', path: `/admin/api-tokens/${_id}/revoke` }
    },
  },
  { name: 'revoke an unknown API token: 404', call: () => ({ method: 'POST', path: `/admin/api-tokens/${UNKNOWN_ID}/revoke` }) },
  { name: 'revoke an API token by a bad id: 400', call: () => ({ method: 'POST', path: '/admin/api-tokens/nope/revoke' }) },
]

const newWebhook = (c: Client, url = 'https://hooks.example.com/in') =>
  c.data({ method: 'POST', path: '/admin/webhooks', json: { url, events: ['user.blocked', 'faq.changed'] } }, webhookEndpoint)

const webhookScenarios: Scenario[] = [
  { name: 'add a webhook (its secret, once)', call: () => ({ method: 'POST', path: '/admin/webhooks', json: { url: 'https://hooks.example.com/a', events: ['place.created'], description: 'Shop sync' } }) },
  { name: 'webhooks: the list', call: () => ({ path: '/admin/webhooks' }) },
  { name: 'webhooks as a sub admin: 403', as: 'subAdmin', call: () => ({ path: '/admin/webhooks' }) },
  { name: 'add a webhook with bad fields: 400', call: () => ({ method: 'POST', path: '/admin/webhooks', json: { url: 'ftp://example.com', events: [] } }) },
  { name: 'add a webhook to a private address: 400', call: () => ({ method: 'POST', path: '/admin/webhooks', json: { url: 'http://10.0.0.5/in', events: ['user.blocked'] } }) },
  { name: 'edit a webhook', call: async (c) => ({ method: 'PATCH', path: `/admin/webhooks/${(await newWebhook(c))._id}`, json: { description: 'CRM', events: ['user.unblocked'] } }) },
  { name: 'disable a webhook', call: async (c) => ({ method: 'PATCH', path: `/admin/webhooks/${(await newWebhook(c))._id}`, json: { status: 'disabled' } }) },
  { name: 'edit an unknown webhook: 404', call: () => ({ method: 'PATCH', path: `/admin/webhooks/${UNKNOWN_ID}`, json: { description: 'x' } }) },
  { name: 'send a test event (the host is not found here)', call: async (c) => ({ method: 'POST', path: `/admin/webhooks/${(await newWebhook(c))._id}/test` }) },
  {
    name: 'a webhook’s delivery log',
    call: async (c) => {
      const { _id } = await newWebhook(c)
      await c.data({ method: 'POST', path: `/admin/webhooks/${_id}/test` }, webhookDelivery)
      return { path: `/admin/webhooks/${_id}/deliveries` }
    },
  },
  {
    name: 'redeliver a delivery (sent at once: the host is not found here)',
    call: async (c) => {
      const { _id } = await newWebhook(c)
      const tested = await c.data({ method: 'POST', path: `/admin/webhooks/${_id}/test` }, webhookDelivery)
      return { method: 'POST', path: `/admin/webhooks/${_id}/deliveries/${tested._id}/redeliver` }
    },
  },
  { name: 'a new secret', call: async (c) => ({ method: 'POST', path: `/admin/webhooks/${(await newWebhook(c))._id}/secret` }) },
  { name: 'delete a webhook', call: async (c) => ({ method: 'DELETE', path: `/admin/webhooks/${(await newWebhook(c))._id}` }) },
]

const auditScenarios: Scenario[] = [
  { name: 'audit log: search, action, sort, page', call: () => ({ path: '/admin/audit-log', query: { action: 'user.block', sortBy: 'at', sortOrder: -1, page: 1, limit: 2 } }), freeForm: ['detail'] },
  { name: 'audit log: from after to: 400', call: () => ({ path: '/admin/audit-log', query: { from: '2025-06-30', to: '2025-06-01' } }) },
  { name: 'audit log: one bulk action’s group (none such)', call: () => ({ path: '/admin/audit-log', query: { group: UNKNOWN_ID } }) },
  { name: 'audit log: a group that is no id: 400', call: () => ({ path: '/admin/audit-log', query: { group: 'nope' } }) },
  { name: 'audit log as a sub admin: 403', as: 'subAdmin', call: () => ({ path: '/admin/audit-log' }) },
  { name: 'audit log: CSV', call: () => ({ path: '/admin/audit-log/export', query: { action: 'user.block' } }) },
  { name: 'audit log: CSV of chosen rows as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'POST', path: '/admin/audit-log/export', json: { ids: [UNKNOWN_ID] } }) },
  { name: 'audit log: actors', call: () => ({ path: '/admin/audit-log/actors' }) },
]

/** An item of the trash of `kind` (the scenarios before have deleted one of each). */
const trashed = async (c: Client, kind: string) => (await first(c, '/admin/trash', trashItem, { filter: kind }))._id
const anyFeedback = async (c: Client) => (await first(c, '/feedback/list', feedback))._id

/** Feedback's delete (to the trash), then the trash: what the deletes above put there. */
const trashScenarios: Scenario[] = [
  { name: 'delete a feedback as a sub admin: 403', as: 'subAdmin', call: async (c) => ({ method: 'DELETE', path: `/admin/feedback/${await anyFeedback(c)}` }) },
  { name: 'delete a feedback', call: async (c) => ({ method: 'DELETE', path: `/admin/feedback/${await anyFeedback(c)}` }) },
  { name: 'delete an unknown feedback: 404', call: () => ({ method: 'DELETE', path: `/admin/feedback/${UNKNOWN_ID}` }) },
  { name: 'trash: search, filter, sort, page', call: () => ({ path: '/admin/trash', query: { search: '', filter: 'petShop', sortBy: 'name', sortOrder: 1, page: 1, limit: 2 } }) },
  { name: 'trash: newest first', call: () => ({ path: '/admin/trash' }) },
  { name: 'trash: a bad query: 400', call: () => ({ path: '/admin/trash', query: { ...badListQuery, filter: 'planet' } }) },
  { name: 'trash as a sub admin: 403', as: 'subAdmin', call: () => ({ path: '/admin/trash' }) },
  { name: 'restore a feedback', call: async (c) => ({ method: 'POST', path: `/admin/trash/feedback/${await trashed(c, 'feedback')}/restore` }) },
  // A sub admin cannot list the trash to find a row: the permission is checked before the row.
  { name: 'restore as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'POST', path: `/admin/trash/petShop/${UNKNOWN_ID}/restore` }) },
  { name: 'restore an unknown row: 404', call: () => ({ method: 'POST', path: `/admin/trash/city/${UNKNOWN_ID}/restore` }) },
  { name: 'restore a row of no kind: 400', call: () => ({ method: 'POST', path: `/admin/trash/planet/${UNKNOWN_ID}/restore` }) },
  {
    name: 'restore a site whose city is gone: 409',
    call: async (c) => {
      const kochi = await newCity(c, 'Kochi')
      const site = await c.data({ method: 'POST', path: '/admin/site', json: { ...siteFields, cityId: kochi._id, images: [await c.upload('site')] } }, siteDetails)
      await c.send({ method: 'DELETE', path: `/admin/site/${site._id}` })
      await c.send({ method: 'DELETE', path: `/admin/city/${kochi._id}` })
      return { method: 'POST', path: `/admin/trash/site/${site._id}/restore` }
    },
  },
  {
    name: 'restore a city whose name another took: 409',
    call: async (c) => {
      const mysore = await newCity(c, 'Mysore')
      await c.send({ method: 'DELETE', path: `/admin/city/${mysore._id}` })
      await newCity(c, 'Mysore')
      return { method: 'POST', path: `/admin/trash/city/${mysore._id}/restore` }
    },
  },
  { name: 'delete forever as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'DELETE', path: `/admin/trash/faq/${UNKNOWN_ID}` }) },
  { name: 'delete forever', call: async (c) => ({ method: 'DELETE', path: `/admin/trash/faq/${await trashed(c, 'faq')}` }) },
  { name: 'delete forever an unknown row: 404', call: () => ({ method: 'DELETE', path: `/admin/trash/notification/${UNKNOWN_ID}` }) },
]

const uploadScenarios: Scenario[] = [
  { name: 'sign an upload', call: () => sign('place') },
  { name: 'sign an upload of a type the folder refuses: 400', call: () => sign('site', 'image/gif') },
  { name: 'sign an upload into no folder: 400', call: () => ({ ...sign('place'), json: [{ fileName: 'a.png', mimeType: 'image/png', folderType: 'attic' }] }) },
  { name: 'sign no upload: 400', call: () => ({ ...sign('place'), json: [] }) },
  {
    name: 'post a signed upload',
    call: async (c) => {
      const [signed] = await c.data(sign('place'), uploadResult)
      return { method: 'POST', url: signed!.url, form: uploadForm(signed!.fields), token: null }
    },
  },
  {
    name: 'post a signed upload twice: 409',
    call: async (c) => {
      const [signed] = await c.data(sign('place'), uploadResult)
      await c.send({ method: 'POST', url: signed!.url, form: uploadForm(signed!.fields), token: null })
      return { method: 'POST', url: signed!.url, form: uploadForm(signed!.fields), token: null }
    },
  },
  {
    name: 'post a signed upload with its signature changed: 403',
    call: async (c) => {
      const [signed] = await c.data(sign('place'), uploadResult)
      return { method: 'POST', url: signed!.url, form: uploadForm({ ...signed!.fields, Signature: 'forged' }), token: null }
    },
  },
]

/**
 * Run on a server with no push service configured (its default) and the handlers told the same
 * (mock-contract.test.ts): a send is saved, not sent, its recipients "Not sent", and Retry is refused.
 */
export const noPushServiceScenarios: Scenario[] = [
  { name: 'no push service: the push service', call: () => ({ path: '/admin/notifications/push-service' }) },
  { name: 'no push service: send', call: () => ({ method: 'POST', path: '/admin/notification', json: { title: 'Hello', description: 'News for you' } }) },
  {
    name: 'no push service: the details of a send',
    call: async (c) => {
      const sent = await c.data({ method: 'POST', path: '/admin/notification', json: { title: 'Hello', description: 'x' } }, notificationListItem)
      return { path: `/admin/notification/${sent._id}` }
    },
  },
  {
    name: 'no push service: the recipients of a send',
    call: async (c) => {
      const sent = await c.data({ method: 'POST', path: '/admin/notification', json: { title: 'Hello', description: 'x' } }, notificationListItem)
      return { path: `/admin/notification/${sent._id}/recipients`, query: { filter: 4 } }
    },
  },
  {
    name: 'no push service: retry: 409',
    as: 'subAdmin',
    call: async (c) => {
      const sent = await c.data({ method: 'POST', path: '/admin/notification', json: { title: 'Retry', description: 'x' } }, notificationListItem)
      return { method: 'POST', path: `/admin/notification/${sent._id}/retry` }
    },
  },
]

/** Settings > Import: the checks and answers that need no picture fetched (the commit of cities). */
const importScenarios: Scenario[] = [
  { name: 'import: template of pet shops', call: () => ({ path: '/admin/import/pet-shops/template' }) },
  {
    name: 'import: preview of pet shops (a new row, an invalid one)',
    call: () => ({
      method: 'POST',
      path: '/admin/import/pet-shops/preview',
      json: {
        csv: 'Name,Description,Address,Latitude,Longitude,Discount Title,Discount Description,Images,Logo\r\nBarking Mad,Food and toys,12 Harbour Street,-33.86,151.21,,,https://img.test/a.png,\r\nX,Food,1,,151.2,,,nope,\r\n',
      },
    }),
  },
  { name: 'import: cities', call: () => ({ method: 'POST', path: '/admin/import/cities', json: { csv: 'Name\r\nDarwin\r\nDarwin\r\n' } }) },
  { name: 'import: the wrong columns: 400', call: () => ({ method: 'POST', path: '/admin/import/cities/preview', json: { csv: 'Town\r\nDarwin\r\n' } }) },
  { name: 'import: an unknown kind: 400', call: () => ({ method: 'POST', path: '/admin/import/towns/preview', json: { csv: 'Name\r\nDarwin\r\n' } }) },
  { name: 'import as a sub admin: 403', as: 'subAdmin', call: () => ({ method: 'POST', path: '/admin/import/cities', json: { csv: 'Name\r\nDarwin\r\n' } }) },
]

/** The live update stream: its opening event (mock-contract.test.ts reads no further), and its 401. */
const liveScenarios: Scenario[] = [
  { name: 'live events', as: 'subAdmin', call: () => ({ path: '/admin/events' }) },
  { name: 'live events: no session', as: null, call: () => ({ path: '/admin/events' }) },
]

export const scenarios: Scenario[] = [
  ...authScenarios,
  ...liveScenarios,
  ...userScenarios,
  ...partnerAndFeedbackScenarios,
  ...notificationScenarios,
  ...placeScenarios('petShop'),
  ...placeScenarios('hospital'),
  ...cityScenarios,
  ...siteScenarios,
  ...contentScenarios,
  ...adminScenarios,
  ...apiTokenScenarios,
  ...trashScenarios,
  ...uploadScenarios,
  ...webhookScenarios,
  ...importScenarios,
  // By now the scenarios above have left entries in the server's log.
  ...auditScenarios,
  resetPassword,
]

/** The first pet of the first user who has one, its owner first set to `status` (earlier scenarios block and unblock users). */
async function petWithOwner(c: Client, status: UserStatus): Promise<string> {
  const token = await c.session('admin')
  const users = await c.data({ path: '/admin/users', query: { limit: 20 }, token }, list(userListItem))
  for (const { _id } of users) {
    const { pets } = await c.data({ path: `/admin/user/${_id}`, token }, userDetails)
    if (!pets[0]) continue
    await c.data({ method: 'PATCH', path: `/admin/user/block-unblock/${_id}`, query: { status }, token }, userListItem)
    return pets[0]._id
  }
  throw new Error('No user has a pet')
}
