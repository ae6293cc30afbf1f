import type { AppUserSyncLine } from '../../contract/input/integration'
import { INTEGRATION_MSG } from '../../contract/integration'
import type { Db } from '../db/client'
import { isPgError, PG_CODE } from '../db/pg-errors'
import { eachOnItsOwn, upsertRecords, upsertStatement, type Outcome } from './upsert'

/**
 * App users by the platform's id. The block state is not written: it is the panel's decision, so
 * an upsert neither blocks nor unblocks (a new user starts active, the column's default).
 */
const upsertUsersStatement = upsertStatement({
  table: 'app_users',
  columns: [
    ['external_id', 'text'],
    ['username', 'text'],
    ['name', 'text'],
    ['email', 'text'],
    ['mobile_no', 'text'],
    ['country_code', 'text'],
    ['country_abbreviation', 'text'],
    ['dob', 'date'],
    ['address', 'text'],
    ['profile_image', 'text'],
    ['profile_completed', 'boolean'],
  ],
})

const recordOf = (u: AppUserSyncLine) => ({
  external_id: u.externalId,
  username: u.username,
  name: u.name,
  email: u.email,
  mobile_no: u.mobileNo,
  country_code: u.countryCode,
  country_abbreviation: u.country,
  dob: u.dateOfBirth,
  address: u.address,
  profile_image: u.profileImage,
  profile_completed: u.profileCompleted,
})

/** A username or email another user holds: the record's fault, said on its field. */
function takenField(err: unknown): { message: string; fields: Record<string, string> } | undefined {
  if (isPgError(err, PG_CODE.uniqueViolation, 'app_users_username_key'))
    return {
      message: INTEGRATION_MSG.usernameTaken,
      fields: { username: INTEGRATION_MSG.usernameTaken },
    }
  if (isPgError(err, PG_CODE.uniqueViolation, 'app_users_email_key'))
    return {
      message: INTEGRATION_MSG.emailTaken,
      fields: { email: INTEGRATION_MSG.emailTaken },
    }
  return undefined
}

/**
 * Upserts users (their externalIds differ) in one statement; when another user holds one's
 * username or email, each on its own, so that only those are refused.
 */
export async function upsertUsers(db: Db, users: readonly AppUserSyncLine[]): Promise<Outcome[]> {
  const records = users.map(recordOf)
  try {
    return await upsertRecords(db, 'app_users', upsertUsersStatement, records)
  } catch (err) {
    if (!takenField(err)) throw err
    return eachOnItsOwn(records, async (r) => (await upsertRecords(db, 'app_users', upsertUsersStatement, [r]))[0]!, takenField)
  }
}
