import { AUDIENCE, DELIVERY_STATUS, FEEDBACK_STATUS, FEEDBACK_TYPES, PARTNER_STATUS, PARTNER_TYPE, PLACE_STATUS, ROLE, TRASH_KINDS, USER_STATUS } from './enums'
import { PAGE_SIZE_DEFAULT } from './limits'

/**
 * What each list's query allows, as plain values: the columns it sorts by, the values of its
 * `filter`, and its further parameters. The list query schemas (`listQuery` in list.ts and each
 * domain's file) are built from these for the server, and the SPA reads its lists' URLs with them
 * (src/components/list/search.ts). No zod here: route files import this, and they load on every
 * first visit, the sign-in page's included.
 */

/** 1 ascending, -1 descending, 0 the list's own default order (newest first). */
export const SORT_ORDERS = [1, -1, 0] as const
export type SortOrder = (typeof SORT_ORDERS)[number]
/** The highest page a list query asks for. */
export const PAGE_MAX = 1_000_000
/** The longest search text a list query takes, once trimmed. */
export const LIST_SEARCH_MAX = 100

/** The shared fields' values when a URL leaves them out; the SPA keeps them out of its URLs. */
export const listDefaults = { page: 1, limit: PAGE_SIZE_DEFAULT, search: '', sortOrder: 0 } as const

/**
 * A further parameter's values: one of these values, a UUID, a real day written YYYY-MM-DD, or a
 * text of 1 to `maxLength` characters once trimmed.
 */
export type ListParamRule = readonly (string | number)[] | 'uuid' | 'day' | { readonly maxLength: number }

/** zod's `z.uuid()`: any version, or the nil and max UUIDs. */
const UUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/

/** Whether a value is a UUID as the API's ids and `uuid` parameters take it, checked without zod. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && value.length === 36 && UUID.test(value)

export type ListQuerySpec = {
  readonly sortBy: readonly string[]
  readonly filter?: readonly (string | number)[]
  readonly params?: { readonly [name: string]: ListParamRule }
}

/** The codes of an enum object (`USER_STATUS`): `[1, 2]`. */
const codes = <T extends Record<string, number>>(enumObject: T) => Object.values(enumObject) as T[keyof T][]

export const LIST_PARAMS = {
  users: { sortBy: ['username', 'name', 'email', 'dob', 'createdAt'], filter: codes(USER_STATUS) },
  /** Pet shops and hospitals alike. */
  places: { sortBy: ['name', 'address', 'status', 'createdAt'], filter: codes(PLACE_STATUS) },
  /** `status` beside the type filter (the dashboard links to the pending ones). */
  partners: {
    sortBy: ['name', 'ownerName', 'email', 'type', 'createdAt'],
    filter: codes(PARTNER_TYPE),
    params: { status: codes(PARTNER_STATUS) },
  },
  /** `status` beside the type filter. */
  feedback: { sortBy: ['type', 'createdAt'], filter: FEEDBACK_TYPES, params: { status: codes(FEEDBACK_STATUS) } },
  /** `recipientId`: only the notifications this user received. */
  notifications: { sortBy: ['title', 'createdAt'], filter: AUDIENCE, params: { recipientId: 'uuid' } },
  /** A notification's recipients come in the recipients index's order: nothing to sort by. */
  recipients: { sortBy: [], filter: codes(DELIVERY_STATUS) },
  cities: { sortBy: ['name', 'siteCount', 'createdAt'] },
  /** `cityId`: one city's sites. */
  sites: { sortBy: ['name', 'address', 'status', 'createdAt'], filter: codes(PLACE_STATUS), params: { cityId: 'uuid' } },
  /** The role is the filter (status is a column and a sort). */
  admins: { sortBy: ['name', 'email', 'role', 'status', 'createdAt'], filter: codes(ROLE) },
  /** An exact action, an actor (admin id), a range of whole days and one bulk action's entries (`group`). */
  audit: { sortBy: ['at', 'action', 'actorEmail'], params: { action: { maxLength: 100 }, actorId: 'uuid', from: 'day', to: 'day', group: 'uuid' } },
  trash: { sortBy: ['deletedAt', 'name'], filter: TRASH_KINDS },
} as const satisfies Record<string, ListQuerySpec>
