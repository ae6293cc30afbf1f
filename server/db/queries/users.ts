import type { UserSummary } from '../../../contract'
import { phoneNumber } from '../../../contract/phone'
import { appUsers } from '../schema'

/** The columns of a user shown as a feedback's author or a notification's recipient. */
export const userSummaryColumns = {
  id: appUsers.id,
  username: appUsers.username,
  name: appUsers.name,
  email: appUsers.email,
  mobileNo: appUsers.mobileNo,
  countryCode: appUsers.countryCode,
  profileImage: appUsers.profileImage,
}

export type UserSummaryRow = Pick<typeof appUsers.$inferSelect, keyof typeof userSummaryColumns>

export const toUserSummary = (u: UserSummaryRow): UserSummary => ({
  _id: u.id,
  username: u.username,
  name: u.name,
  email: u.email,
  mobileNo: u.mobileNo,
  countryCode: u.countryCode,
  profileImage: u.profileImage,
})

/** The phone as one would dial it: '+44 7700900123' (the contract's one formatter). */
export const phoneOf = (u: { countryCode: string | null; mobileNo: string | null }) => phoneNumber(u.countryCode, u.mobileNo)
