import * as zm from 'zod/mini'

/** Success envelope: `{ isSuccess: true, message, data }`. */
export const okEnvelope = <T extends zm.ZodMiniType>(data: T) =>
  zm.object({ isSuccess: zm.literal(true), message: zm.string(), data })

/**
 * A list's count stops past this many matching rows (a search over a million users): the answer
 * then says its total is a lower bound (`totalIsLowerBound`), shown as "1,000+".
 */
export const LIST_COUNT_BOUND = 1000

/** Lists are flat: the items in `data`, the paging beside them. */
export const listEnvelope = <T extends zm.ZodMiniType>(item: T) =>
  zm.object({
    isSuccess: zm.literal(true),
    message: zm.string(),
    data: zm.array(item),
    page: zm.int(),
    limit: zm.int(),
    total: zm.int(),
    totalPages: zm.int(),
    /** Present (true) when more rows match than were counted: `total` is then "at least". */
    totalIsLowerBound: zm.optional(zm.literal(true)),
  })

export type Ok<T> = { isSuccess: true; message: string; data: T }
export type ListPage<T> = Ok<T[]> & { page: number; limit: number; total: number; totalPages: number; totalIsLowerBound?: true }

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const
export type ErrorCode = keyof typeof ERROR_STATUS

export const errorBody = zm.object({
  isSuccess: zm.literal(false),
  message: zm.string(),
  error: zm.object({
    code: zm.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: zm.string(),
    /** Per-field messages of a 400, keyed by the field's dotted path. */
    fields: zm.optional(zm.record(zm.string(), zm.string())),
    requestId: zm.optional(zm.string()),
  }),
})
export type ErrorBody = zm.infer<typeof errorBody>

/** A success answer: `{ isSuccess: true, message, data }` (data null when the message is the answer). */
export const okEnvelopeOf = <T>(message: string, data: T): Ok<T> => ({ isSuccess: true, message, data })

/** A list answer: one page of rows in `data`, the paging beside them. */
export const listEnvelopeOf = <T>(
  message: string,
  { rows, total, totalIsLowerBound }: { rows: T[]; total: number; totalIsLowerBound?: true | undefined },
  { page, limit }: { page: number; limit: number },
): ListPage<T> => ({
  isSuccess: true,
  message,
  data: rows,
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
  ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
})

/** A failure answer (the request id names the server's log line of it). */
export const errorBodyOf = (code: ErrorCode, message: string, requestId?: string, fields?: Record<string, string>): ErrorBody => ({
  isSuccess: false,
  message,
  error: { code, message, ...(fields ? { fields } : {}), ...(requestId ? { requestId } : {}) },
})
