import type { ErrorBody, Ok } from '../../contract'

/** The success envelope: `{ isSuccess: true, message, data }`. */
export const ok = <T>(message: string, data: T): Ok<T> => ({ isSuccess: true, message, data })

/** The contract's error body. */
export const errorBodyOf = (
  code: ErrorBody['error']['code'],
  message: string,
  requestId: string | undefined,
  fields?: Record<string, string>,
): ErrorBody => ({
  isSuccess: false,
  message,
  error: { code, message, ...(fields ? { fields } : {}), ...(requestId ? { requestId } : {}) },
})
