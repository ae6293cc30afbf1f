import * as zm from 'zod/mini'
import { USER_STATUS } from './enums'

/** Pet owners: the platform's end users (the fields the user form labels). */
export const userStatus = zm.union([zm.literal(USER_STATUS.ACTIVE), zm.literal(USER_STATUS.BLOCKED)])

/** The user who wrote a feedback, or a notification's recipient: the fields both show. */
export const userSummary = zm.object({
  _id: zm.string(),
  username: zm.nullable(zm.string()),
  name: zm.nullable(zm.string()),
  email: zm.nullable(zm.string()),
  mobileNo: zm.nullable(zm.string()),
  /** The mobile's country code ('+91'); shown before it (`phoneNumber`, phone.ts). */
  countryCode: zm.nullable(zm.string()),
  profileImage: zm.nullable(zm.string()),
})
export type UserSummary = zm.infer<typeof userSummary>

/** A row of the users list: the summary, with the birth date, the status and when they joined. */
export const userListItem = zm.extend(userSummary, {
  /** Date of birth, YYYY-MM-DD. */
  dob: zm.nullable(zm.string()),
  status: userStatus,
  createdAt: zm.string(),
})
export type UserListItem = zm.infer<typeof userListItem>

/** A pet as the user's details list it; the full record is `petDetails` (pets.ts). */
export const userPet = zm.object({
  _id: zm.string(),
  name: zm.string(),
  species: zm.nullable(zm.object({ name: zm.string() })),
  breed: zm.nullable(zm.object({ breedName: zm.string() })),
  profilePhoto: zm.nullable(zm.string()),
})
export type UserPet = zm.infer<typeof userPet>

export const userDetails = zm.extend(userListItem, {
  countryAbbreviation: zm.nullable(zm.string()),
  address: zm.nullable(zm.string()),
  profileCompleted: zm.boolean(),
  pets: zm.array(userPet),
})
export type UserDetails = zm.infer<typeof userDetails>

/** What the user calls answer; the SPA shows the same texts. */
export const USERS_MSG = {
  listed: 'Users fetched successfully',
  fetched: 'User fetched successfully',
  blocked: 'User blocked successfully',
  unblocked: 'User unblocked successfully',
  notFound: 'User not found',
} as const
