import { sql } from 'drizzle-orm'
import { FEEDBACK_STATUS } from '../../contract'
import type { IntegrationFeedbackBody } from '../../contract/input/integration'
import { INTEGRATION_MSG } from '../../contract/integration'
import type { Db } from '../db/client'
import { idsOf, upsertStatement, upsertUnlessSettled, type Outcome } from './upsert'

/**
 * Feedback by the platform's id of it: a repeated POST is the same feedback, and a changed text
 * replaces the old one while it is open. Its status and notes are the panel's and are never
 * written here; once an admin has taken it up (in progress or resolved), a changed text is refused.
 */
const upsertFeedbackStatement = upsertStatement({
  table: 'feedback',
  columns: [
    ['external_id', 'text'],
    ['user_id', 'uuid'],
    ['type', 'text'],
    ['description', 'text'],
  ],
})

/** Writes one feedback from its author's externalId; a user the panel does not know is refused. */
export async function createFeedback(db: Db, body: IntegrationFeedbackBody): Promise<Outcome> {
  const author = (await idsOf(db, 'app_users', [body.userExternalId])).get(body.userExternalId)
  if (!author)
    return {
      externalId: body.externalId,
      error: {
        message: INTEGRATION_MSG.unknownUser,
        fields: { userExternalId: INTEGRATION_MSG.unknownUser },
      },
    }
  const record = {
    external_id: body.externalId,
    user_id: author,
    type: body.type,
    description: body.description,
  }
  return upsertUnlessSettled(db, 'feedback', upsertFeedbackStatement, record, sql`status <> ${FEEDBACK_STATUS.OPEN}`, {
    message: INTEGRATION_MSG.feedbackTakenUp,
  })
}
