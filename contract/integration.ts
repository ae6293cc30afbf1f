import * as zm from 'zod/mini'

/**
 * The integration API's answers (what the platform's app backend writes, docs/DECISIONS.md,
 * Integration API). Every write is an upsert by the platform's own id (`externalId`) and says what
 * it did: `created`, `updated`, or `unchanged` when the record already held exactly that.
 */
export const WRITE_RESULTS = ['created', 'updated', 'unchanged'] as const
export type WriteResult = (typeof WRITE_RESULTS)[number]
export const writeResult = zm.enum(WRITE_RESULTS)

/** A written record: the panel's id and the platform's, and what the write did. */
export const integrationWrite = zm.object({
  _id: zm.string(),
  externalId: zm.string(),
  result: writeResult,
})
export type IntegrationWrite = zm.infer<typeof integrationWrite>

/** DELETE of a pet: `deleted`, or `unchanged` when no pet had that externalId (a repeated delete). */
export const integrationRemoval = zm.object({
  externalId: zm.string(),
  result: zm.enum(['deleted', 'unchanged']),
})
export type IntegrationRemoval = zm.infer<typeof integrationRemoval>

/**
 * One line of a bulk sync's answer (NDJSON, one line per record line, in the order sent, each
 * written once the chunk holding it is committed): its line number (1-based), the record's
 * externalId when it had one, and what happened; an `error` line carries its message and, for a
 * record the contract refused, every field's message.
 */
export const syncLineResult = zm.object({
  line: zm.int(),
  externalId: zm.nullable(zm.string()),
  result: zm.enum([...WRITE_RESULTS, 'error']),
  message: zm.optional(zm.string()),
  fields: zm.optional(zm.record(zm.string(), zm.string())),
})
export type SyncLineResult = zm.infer<typeof syncLineResult>

/**
 * The last line of a sync's answer: how many lines were read and what became of them. `committed`
 * is the last line number whose chunk was committed (every line up to it is written or refused);
 * a client whose answer ends without this line resumes after the last line it was answered.
 */
export const syncSummary = zm.object({
  done: zm.literal(true),
  lines: zm.int(),
  committed: zm.int(),
  created: zm.int(),
  updated: zm.int(),
  unchanged: zm.int(),
  errors: zm.int(),
})
export type SyncSummary = zm.infer<typeof syncSummary>

/** The media type of a bulk sync's body and answer. */
export const NDJSON_MEDIA_TYPE = 'application/x-ndjson'

/** The longest line of a sync body: far above a full pet record (20 photo URLs, 50 vaccines), far below what costs time. */
export const SYNC_LINE_MAX_CHARS = 64 * 1024

/** What the integration calls answer and refuse with. */
export const INTEGRATION_MSG = {
  userWritten: {
    created: 'User created',
    updated: 'User updated',
    unchanged: 'User unchanged',
  },
  petWritten: {
    created: 'Pet created',
    updated: 'Pet updated',
    unchanged: 'Pet unchanged',
  },
  feedbackWritten: {
    created: 'Feedback created',
    updated: 'Feedback updated',
    unchanged: 'Feedback unchanged',
  },
  partnerWritten: {
    created: 'Partner request created',
    updated: 'Partner request updated',
    unchanged: 'Partner request unchanged',
  },
  petRemoved: {
    deleted: 'Pet deleted',
    unchanged: 'No pet has this externalId',
  },
  /** A user (a pet's owner, a feedback's author) the platform has not upserted yet. */
  unknownUser: 'No user has this externalId: upsert the user first',
  usernameTaken: 'This username belongs to another user',
  /** A changed partner request or feedback the panel has acted on: what the admin decided on stays. */
  partnerDecided: 'This partner request has been decided: it can no longer change',
  feedbackTakenUp: 'An admin has taken up this feedback: it can no longer change',
  emailTaken: 'This email belongs to another user',
  externalIdBadFormat: 'Use 1 to 100 letters, digits and . _ : @ -',
  lineTooLong: `Line is longer than ${SYNC_LINE_MAX_CHARS} characters`,
  lineNotJson: 'Line is not a JSON object',
  mediaType: `Send the records as ${NDJSON_MEDIA_TYPE}, one JSON object a line`,
  notWritten: 'Not written: the database refused this chunk; send it again',
  /** An address of the panel's storage that no integration upload signed: not a profile picture's. */
  notOurUpload: "Use an http(s) URL, or a signed upload's fileUrl (POST /integration/uploads/...)",
} as const
