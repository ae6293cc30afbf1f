import { Hono } from 'hono'
import { integrationFeedbackBody, integrationPartnerBody } from '../../../contract/input/integration'
import { INTEGRATION_MSG } from '../../../contract/integration'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../http/env'
import { ok } from '../../http/respond'
import { permitToken } from '../../http/token-auth'
import { validate } from '../../http/validate'
import { createFeedback } from '../../integration/feedback'
import { createPartnerRequest } from '../../integration/partners'
import { writtenOrRefused } from '../../integration/upsert'

/**
 * What users send through the app: POST /integration/feedback and /integration/partner-requests.
 * Each carries the platform's id of it, so a retried POST is the same record (unchanged).
 */
export const integrationSubmissionsRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post('/feedback', permitToken('feedback:write'), validate('json', integrationFeedbackBody), async (c) => {
      const written = writtenOrRefused(await createFeedback(deps.db, c.req.valid('json')))
      return c.json(ok(INTEGRATION_MSG.feedbackWritten[written.result], written))
    })
    .post('/partner-requests', permitToken('partners:write'), validate('json', integrationPartnerBody), async (c) => {
      const written = writtenOrRefused(await createPartnerRequest(deps.db, c.req.valid('json')))
      return c.json(ok(INTEGRATION_MSG.partnerWritten[written.result], written))
    })
