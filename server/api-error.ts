import { API_MSG, type ERROR_STATUS, type ErrorCode } from '../contract'

export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode]

/** An expected failure: thrown anywhere, turned into the contract's error body by the one handler. */
export class ApiError extends Error {
  readonly code: ErrorCode

  constructor(
    readonly status: ErrorStatus,
    code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
    this.code = code
  }
}

/** Shorthands for the errors routes throw most. */
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, 'BAD_REQUEST', message, fields)
export const unauthorized = (message: string = API_MSG.signIn) => new ApiError(401, 'UNAUTHORIZED', message)
export const forbidden = (message: string = API_MSG.forbidden) => new ApiError(403, 'FORBIDDEN', message)
export const notFound = (message: string = API_MSG.notFound) => new ApiError(404, 'NOT_FOUND', message)
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message)
