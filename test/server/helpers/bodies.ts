import type * as zm from 'zod/mini'
import { errorBody, listEnvelope, okEnvelope, type ErrorBody } from '../../../contract'

/** Asserts a success answer and parses it with the contract, so its shape is checked too. */
export async function okBody<T extends zm.ZodMiniType>(res: Response, data: T, status = 200) {
  expect(res.status, await peek(res)).toBe(status)
  return okEnvelope(data).parse(await res.json())
}

/** Asserts a list answer and parses it with the contract's flat list envelope. */
export async function listBody<T extends zm.ZodMiniType>(res: Response, item: T) {
  expect(res.status, await peek(res)).toBe(200)
  return listEnvelope(item).parse(await res.json())
}

/** Asserts an error answer with the contract's error body. */
export async function errorOf(res: Response, status: number): Promise<ErrorBody> {
  expect(res.status, await peek(res)).toBe(status)
  return errorBody.parse(await res.json())
}

/** The body text, for a failing assertion's message (read from a clone, the body stays unread). */
const peek = (res: Response) => res.clone().text()

/** An error body without its request id (which differs per request), to compare two answers. */
export const withoutRequestId = ({ error: { requestId: _, ...error }, ...rest }: ErrorBody) => ({ ...rest, error })
