import { z } from 'zod'
import { API_PREFIX, API_TOKEN_PREFIX, INTEGRATION_BASE_PATH, PERMISSIONS, roleLabel, type ApiTokenScope, type Permission } from '../../contract'
import { API_OPERATIONS, failureBody, successBody, type ApiOperation } from '../../contract/api-responses'
import { NDJSON_MEDIA_TYPE, SYNC_LINE_MAX_CHARS } from '../../contract/integration'
import { LIVE_EVENT, LIVE_TABLES } from '../../contract/live-events'
import { defaultAppConfig } from '../deps'
import { permissionOf } from '../http/auth'
import { scopeOf } from '../http/token-auth'
import { VALIDATED_INPUT, type ValidatedInput } from '../http/validate'

/** A route as Hono lists it in `app.routes`. */
interface RouteEntry {
  method: string
  path: string
  handler: unknown
}

/** One API call: what its handlers declare (server/http/validate.ts, server/http/auth.ts) and what it answers (contract/api-responses.ts). */
export interface ApiRoute {
  method: string
  /** Under the API prefix, as routed: `/admin/user/:id`. */
  path: string
  inputs: ValidatedInput[]
  permission: Permission | undefined
  /** The API token scope it takes (the integration API: server/http/token-auth.ts). */
  scope: ApiTokenScope | undefined
  operation: ApiOperation | undefined
}

/** The API calls of an app, from its route table: one per method and path, middleware and catch-alls left out. */
export function apiRoutes(routes: readonly RouteEntry[]): ApiRoute[] {
  const byKey = new Map<string, ApiRoute>()
  for (const route of routes) {
    if (route.method === 'ALL' || !route.path.startsWith(`${API_PREFIX}/`)) continue
    const path = route.path.slice(API_PREFIX.length)
    const key = `${route.method} ${path}`
    let entry = byKey.get(key)
    if (!entry) byKey.set(key, (entry = { method: route.method, path, inputs: [], permission: undefined, scope: undefined, operation: API_OPERATIONS[key] }))
    const input = (route.handler as { [VALIDATED_INPUT]?: ValidatedInput })[VALIDATED_INPUT]
    if (input) entry.inputs.push(input)
    entry.permission ??= permissionOf(route.handler)
    entry.scope ??= scopeOf(route.handler)
  }
  return [...byKey.values()]
}

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] }

/** JSON Schema (2020-12, which OpenAPI 3.1 uses) of a zod schema, as a client sends it or as the server answers. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema: what they accept is left open ({}).
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } })

/** Path and query fields as OpenAPI parameters. */
function parameters(inputs: ValidatedInput[]) {
  return inputs
    .filter((input) => input.target !== 'json')
    .flatMap(({ target, schema }) => {
      const object = jsonSchema(schema, 'input')
      const required = new Set(object.required ?? [])
      return Object.entries(object.properties ?? {}).map(([name, property]) => ({
        name,
        in: target === 'param' ? 'path' : 'query',
        required: target === 'param' || required.has(name),
        schema: property,
        ...(typeof property.description === 'string' ? { description: property.description } : {}),
      }))
    })
}

function accessText(permission: Permission | undefined, scope: ApiTokenScope | undefined): string {
  if (scope) return `An API token with the \`${scope}\` scope (sessions are refused).`
  if (!permission) return 'No sign-in needed.'
  const roles = PERMISSIONS[permission].map((role) => roleLabel[role]).join(' and ')
  return `Signed in, with the \`${permission}\` permission (held by: ${roles}).`
}

/** What the live update stream sends (contract/live-events.ts), for a client written against the document. */
const EVENTS_TEXT = [
  'Server-sent events, open until the client leaves or the session ends.',
  `\`${LIVE_EVENT.ready}\` comes first (data \`{"heartbeatMs":20000}\`);`,
  `\`${LIVE_EVENT.change}\` (data \`{"tables":[...]}\`, of ${LIVE_TABLES.map((t) => `\`${t}\``).join(', ')}) after any writer changed those tables;`,
  `\`${LIVE_EVENT.refetch}\` when changes may have been missed: refetch everything shown;`,
  `\`${LIVE_EVENT.signedOut}\` before it closes because the session ended.`,
  `A comment line keeps it alive every heartbeat. At most ${defaultAppConfig.liveEvents.streamsPerSession} streams per session and ${defaultAppConfig.liveEvents.streamsPerAdmin} per admin at once (429 beyond).`,
].join(' ')

const NDJSON_TEXT = [
  `One JSON object a line (${NDJSON_MEDIA_TYPE}), streamed: a result per record line, in the lines' order, each once its chunk`,
  `is committed (\`line\`, \`externalId\`, \`result\`: created, updated, unchanged or error with \`message\` and \`fields\`);`,
  `then the summary (\`done\`, \`lines\`, \`committed\`: the last line written or refused, and the counts).`,
  `A line over ${SYNC_LINE_MAX_CHARS} characters is refused alone. Re-sending a file is safe: records already so answer unchanged.`,
].join(' ')

function operationOf(route: ApiRoute, operationId: string) {
  const { operation, permission, scope } = route
  const body = route.inputs.find((input) => input.target === 'json')
  const success = operation ? successBody(operation.answer) : undefined
  const status = operation?.answer.kind === 'data' ? operation.answer.status : 200
  const answer = operation?.answer
  const ndjson = answer?.kind === 'ndjson' ? answer : undefined
  const successResponse = ndjson
    ? { description: NDJSON_TEXT, content: { [NDJSON_MEDIA_TYPE]: { schema: jsonSchema(ndjson.line, 'output') } } }
    : operation?.answer.kind === 'csv'
      ? { description: 'A CSV file (attachment)', content: { 'text/csv': { schema: { type: 'string' } } } }
      : operation?.answer.kind === 'events'
        ? { description: EVENTS_TEXT, content: { 'text/event-stream': { schema: { type: 'string' } } } }
        : { description: 'Success', ...(success ? { content: json(jsonSchema(success, 'output')) } : {}) }
  const failure = { $ref: '#/components/responses/Failure' }
  return {
    operationId,
    tags: [operation?.tag ?? 'Other'],
    summary: operation?.summary ?? `${route.method} ${route.path}`,
    description: accessText(permission, scope),
    ...(permission ? { 'x-permission': permission } : {}),
    ...(scope ? { 'x-scope': scope } : {}),
    // OpenAPI 3.1 lets a bearer scheme's requirement list roles: the token's scope here.
    security: scope ? [{ apiToken: [scope] }] : permission ? [{ bearerAuth: [] }] : [],
    parameters: parameters(route.inputs),
    ...(body ? { requestBody: { required: true, content: json(jsonSchema(body.schema, 'input')) } } : {}),
    // One record a line, each as this schema says.
    ...(ndjson ? { requestBody: { required: true, content: { [NDJSON_MEDIA_TYPE]: { schema: jsonSchema(ndjson.record, 'input') } } } } : {}),
    responses: { [String(status)]: successResponse, '4XX': failure, '5XX': failure },
  }
}

/** `/admin/user/:id` as OpenAPI writes it: `/admin/user/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

/** An identifier per call: `get_admin_user_id`. */
const operationIdOf = (route: ApiRoute) =>
  `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '')}`

/**
 * The OpenAPI 3.1 document of an app's API, generated from its route table: request schemas
 * from each route's `validate(...)`, access from its `permit(...)`, answers from the contract's
 * API_OPERATIONS. Nothing in it is written by hand but the summaries.
 */
export function openApiDocument(routes: readonly RouteEntry[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of apiRoutes(routes)) {
    const path = openApiPath(route.path)
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = operationOf(route, operationIdOf(route))
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Petcare Admin API',
      version: '1',
      description:
        'The API of the Petcare Admin panel. Answers are `{ isSuccess, message, data }` (lists: the items in `data`, with page, limit, total and totalPages beside them); failures `{ isSuccess: false, message, error: { code, message, fields?, requestId? } }`. Sign in with POST /admin/login and send its token as `Authorization: Bearer <token>` (scheme bearerAuth). ' +
        `The integration API (\`${INTEGRATION_BASE_PATH.slice(API_PREFIX.length)}/...\`) takes API tokens instead (scheme apiToken), which admins create in Settings > API tokens; each of its calls names the scope it needs.`,
    },
    servers: [{ url: API_PREFIX }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token from POST /admin/login: the admin API only.' },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_TOKEN_PREFIX}...`,
          description: `An API token (\`${API_TOKEN_PREFIX}\` and 43 characters) from Settings > API tokens: the integration API only, within its scopes; rate-limited per token (429 with Retry-After).`,
        },
      },
      // Every 4xx and 5xx answer: one shape, written once.
      responses: {
        Failure: { description: 'The error body: a message for a person, a code, per-field messages for a 400', content: json(jsonSchema(failureBody, 'output')) },
      },
    },
    paths,
  }
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>
