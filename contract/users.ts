import { z } from 'zod'
import { USER_STATUS } from './enums'
import { listQuery } from './list'
import { LIST_PARAMS } from './list-params'

/** Pet owners: the platform's end users (the fields the user form labels). */
export const userStatus = z.union([z.literal(USER_STATUS.ACTIVE), z.literal(USER_STATUS.BLOCKED)])

export const userListItem = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobileNo: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** Date of birth, YYYY-MM-DD. */
  dob: z.string().nullable(),
  status: userStatus,
  profileImage: z.string().nullable(),
  createdAt: z.string(),
})
export type UserListItem = z.infer<typeof userListItem>

/** A pet as the user's details list it; the full record is `petDetails` (pets.ts). */
export const userPet = z.object({
  _id: z.string(),
  name: z.string(),
  species: z.object({ name: z.string() }).nullable(),
  breed: z.object({ breedName: z.string() }).nullable(),
  profilePhoto: z.string().nullable(),
})
export type UserPet = z.infer<typeof userPet>

export const userDetails = userListItem.extend({
  countryAbbreviation: z.string().nullable(),
  address: z.string().nullable(),
  profileCompleted: z.boolean(),
  pets: z.array(userPet),
})
export type UserDetails = z.infer<typeof userDetails>

export const userListQuery = listQuery({
  sortBy: LIST_PARAMS.users.sortBy,
  filter: z.coerce.number().pipe(userStatus),
})
export type UserListQuery = z.infer<typeof userListQuery>

/** PATCH /admin/user/block-unblock/{id}?status=1|2: the status to set. */
export const blockUnblockQuery = z.strictObject({ status: z.coerce.number().pipe(userStatus) })

/** What the user calls answer; the SPA shows the same texts. */
export const USERS_MSG = {
  listed: 'Users fetched successfully',
  fetched: 'User fetched successfully',
  blocked: 'User blocked successfully',
  unblocked: 'User unblocked successfully',
  notFound: 'User not found',
} as const
