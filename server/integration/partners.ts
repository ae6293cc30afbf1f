import { sql } from 'drizzle-orm'
import { PARTNER_STATUS } from '../../contract'
import type { IntegrationPartnerBody } from '../../contract/input/integration'
import { INTEGRATION_MSG } from '../../contract/integration'
import type { Db } from '../db/client'
import { upsertStatement, upsertUnlessSettled, type Outcome } from './upsert'

/**
 * Partner requests by the platform's id of them: a repeated POST is the same request, and changed
 * fields replace the old ones while it is pending. The decision (status, reason, draft place) is
 * the panel's and is never written here: a new request is pending, and a decided one no longer
 * changes (the same request again is unchanged; a changed one is refused).
 */
const upsertPartnerStatement = upsertStatement({
  table: 'partners',
  columns: [
    ['external_id', 'text'],
    ['name', 'text'],
    ['owner_name', 'text'],
    ['email', 'text'],
    ['mobile_no', 'text'],
    ['type', 'smallint'],
    ['address', 'text'],
  ],
})

export async function createPartnerRequest(db: Db, body: IntegrationPartnerBody): Promise<Outcome> {
  const record = {
    external_id: body.externalId,
    name: body.name,
    owner_name: body.ownerName,
    email: body.email,
    mobile_no: body.mobileNo,
    type: body.type,
    address: body.address,
  }
  return upsertUnlessSettled(db, 'partners', upsertPartnerStatement, record, sql`status <> ${PARTNER_STATUS.PENDING}`, {
    message: INTEGRATION_MSG.partnerDecided,
  })
}
