import { Hono } from 'hono'
import { z } from 'zod'
import { listQuery, USER_STATUS } from '../../contract'
import type { AppEnv } from '../../server/http/env'
import { onError } from '../../server/http/errors'
import { validate } from '../../server/http/validate'
import { errorOf } from './helpers/bodies'

/** A bare app with one list route, as later issues will write them. */
const listApp = () =>
  new Hono<AppEnv>()
    .get(
      '/list',
      validate(
        'query',
        listQuery({ sortBy: ['name', 'createdAt'], filter: z.coerce.number().pipe(z.enum(USER_STATUS)) }),
      ),
      (c) => c.json(c.req.valid('query')),
    )
    .onError(onError)

describe('validate("query", listQuery(...))', () => {
  it('applies the list defaults and coerces numbers', async () => {
    const res = await listApp().request('/list?page=2&sortOrder=-1&filter=2&search=%20ann%20')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ page: 2, limit: 10, search: 'ann', sortOrder: -1, filter: 2 })
  })

  it('answers 400, never 500, for out-of-range values, naming each field', async () => {
    const body = await errorOf(await listApp().request('/list?page=0&limit=500&sortBy=password&filter=9'), 400)
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['filter', 'limit', 'page', 'sortBy'])
  })

  it('refuses query keys the list does not know', async () => {
    const body = await errorOf(await listApp().request('/list?pages=2'), 400)
    expect(body.error.fields).toEqual({ pages: 'This field is not allowed' })
  })
})
