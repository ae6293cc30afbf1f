import type { ErrorBody, ListPage, Ok } from '../../contract'

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

/** The flat list envelope: the page's items in `data`, the paging beside them. */
export const listOk = <T>(
  message: string,
  { rows, total }: { rows: T[]; total: number },
  { page, limit }: { page: number; limit: number },
): ListPage<T> => ({
  isSuccess: true,
  message,
  data: rows,
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
})
