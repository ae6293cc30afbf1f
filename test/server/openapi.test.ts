import { Hono } from 'hono'
import { z } from 'zod'
import { API_PREFIX } from '../../contract'
import { API_OPERATIONS } from '../../contract/api-responses'
import { openApiDocumentSchema } from '../../contract/openapi'
import { apiRoutes, openApiDocument, openApiPath } from '../../server/openapi/document'
import { TEST_ADMIN } from './helpers/accounts'
import { okBody } from './helpers/bodies'
import { tokenOf } from './helpers/fixtures'
import { checkAnswerAgainstDocument, checkingAnswers } from './helpers/openapi-check'
import { testApp } from './helpers/test-app'

type Operation = {
  summary: string
  security: unknown[]
  parameters: { name: string; in: string; required: boolean }[]
  requestBody?: { content: { 'application/json': { schema: { properties: Record<string, unknown>; required?: string[] } } } }
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>
}

describe('the OpenAPI document', () => {
  it('is served at /api/v1/openapi.json to a signed-in admin of either role, and to nobody else', async () => {
    const t = await testApp()
    expect((await t.get('/openapi.json')).status).toBe(401)
    for (const role of ['admin', 'subAdmin'] as const) {
      const res = await t.get('/openapi.json', { token: await tokenOf(t, role) })
      expect(res.status).toBe(200)
      const document = openApiDocumentSchema.parse(await res.json())
      expect(document.openapi).toBe('3.1.0')
    }
  })

  it('has every route of the app, each with its documented answer', async () => {
    const t = await testApp()
    const document = openApiDocument(t.app.routes)
    const routes = apiRoutes(t.app.routes)
    expect(routes.length).toBeGreaterThan(60)
    for (const route of routes) {
      const key = `${route.method} ${route.path}`
      expect(document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()], `${key} is missing from the document`).toBeDefined()
      expect(route.operation, `${key} has no answer in contract/api-responses.ts`).toBeDefined()
    }
    // And nothing documented that the app does not route.
    const routed = new Set(routes.map((r) => `${r.method} ${r.path}`))
    expect(Object.keys(API_OPERATIONS).filter((key) => !routed.has(key))).toEqual([])
  })

  it('declares both bearer schemes: sessions for the admin API, API tokens for the integration API', async () => {
    const t = await testApp()
    const document = openApiDocument(t.app.routes) as unknown as {
      components: { securitySchemes: Record<string, Record<string, string>> }
      paths: Record<string, Record<string, Operation>>
    }
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'pct_...' },
    })
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) => Object.values(byMethod).map((op) => ({ path, op })))
    for (const { path, op } of operations) {
      const schemes = op.security.flatMap((s) => Object.keys(s as object))
      if (path.startsWith('/integration/')) expect(schemes, path).toEqual(['apiToken'])
      else expect(schemes, path).not.toContain('apiToken')
    }
  })

  it('takes request fields from the routes’ own schemas, access from their permissions', async () => {
    const t = await testApp()
    const { paths } = openApiDocument(t.app.routes) as unknown as { paths: Record<string, Record<string, Operation>> }

    const login = paths['/admin/login']!.post!
    expect(login.security).toEqual([])
    const loginBody = login.requestBody!.content['application/json'].schema
    expect(Object.keys(loginBody.properties)).toEqual(['email', 'password'])
    expect(loginBody.required).toEqual(['email', 'password'])
    expect(login.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { isSuccess: { const: true }, data: { properties: { token: { type: 'string' } } } },
    })
    expect(login.responses['4XX']).toEqual({ $ref: '#/components/responses/Failure' })

    const user = paths['/admin/user/{id}']!.get!
    expect(user.security).toEqual([{ bearerAuth: [] }])
    expect(user.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })])

    const users = paths['/admin/users']!.get!
    expect(users.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'limit', 'search', 'sortBy', 'sortOrder']))
    expect(users.parameters.every((p) => p.in === 'query' && !p.required)).toBe(true)
    expect(users.responses['200']!.content!['application/json']!.schema).toMatchObject({ properties: { totalPages: { type: 'integer' } } })

    expect(paths['/admin/faq/{id}']!.delete).toMatchObject({ 'x-permission': 'faq.write' })
    // The integration API takes API tokens only, each call its scope; the admin API sessions only.
    expect(paths['/integration/token']!.get!).toMatchObject({ security: [{ apiToken: ['read'] }], 'x-scope': 'read' })
    expect(paths['/admin/api-tokens']!.post!.security).toEqual([{ bearerAuth: [] }])
    expect(paths['/admin/users/export']!.get!.responses['200']!.content).toHaveProperty(['text/csv'])
  })
})

describe('the answer check the server tests run (helpers/openapi-check.ts)', () => {
  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  const loginData = { token: 't', _id: '11111111-1111-4111-8111-111111111111' }

  it('refuses a body other than documented, a field more, another status and a failure without the error body', async () => {
    const t = await testApp()
    const { data } = await okBody(await t.post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }), z.unknown())
    const good = { isSuccess: true, message: 'ok', data }
    const check = (res: Response, method = 'POST', path = `${API_PREFIX}/admin/login`) => checkAnswerAgainstDocument(t.app, method, path, res)

    await expect(check(answer(good))).resolves.toBeUndefined()
    await expect(check(answer({ ...good, data: loginData }))).rejects.toThrow(/does not match the document/)
    await expect(check(answer({ ...good, data: { ...(data as object), secret: 'x' } }))).rejects.toThrow(/fields the document does not list: \.data\.secret/)
    await expect(check(answer(good, 201))).rejects.toThrow(/the document says 200/)
    await expect(check(answer({ oops: true }, 400))).rejects.toThrow(/not the documented error body/)
  })

  it('fails a request through app.request whose answer differs (as testApp wires it)', async () => {
    const app = checkingAnswers(new Hono().get(`${API_PREFIX}/admin/profile`, (c) => c.json({ isSuccess: true, message: 'ok', data: { name: 1 } })))
    await expect(app.request(`${API_PREFIX}/admin/profile`)).rejects.toThrow(/GET \/api\/v1\/admin\/profile .* does not match the document/)
  })

  it('refuses a success from a call the document lacks', async () => {
    const t = await testApp()
    await expect(checkAnswerAgainstDocument(t.app, 'GET', `${API_PREFIX}/admin/nothing-here`, answer({}))).rejects.toThrow(/not in the OpenAPI document/)
  })
})
