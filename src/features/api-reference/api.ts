import { queryOptions } from '@tanstack/react-query'
import type { JsonSchemaNode, OpenApiDocumentView, OpenApiOperation } from '@contract/openapi'
import { openApiDocumentSchema } from '@contract/openapi'
import { http } from '@/lib/http'

export const apiReferenceKeys = { document: ['api-reference', 'document'] as const }

/** The server's OpenAPI document (GET /openapi.json), read through the same client as every call. */
export const apiDocumentQuery = queryOptions({
  queryKey: apiReferenceKeys.document,
  queryFn: () => http.get('openapi.json', openApiDocumentSchema),
  staleTime: Infinity, // it changes with a new server version only
})

/** One field of a parameter list, a request body or an answer's data, as a person reads it. */
export interface FieldRow {
  name: string
  type: string
  required: boolean
  /** Limits and defaults: "at most 100 characters", "default 1"... */
  notes: string[]
}

/** One call of the API, ready to show. */
export interface ApiCall {
  id: string
  method: string
  path: string
  tag: string
  summary: string
  access: string
  parameters: (FieldRow & { location: string })[]
  body: FieldRow[]
  responses: { status: string; description: string; fields: FieldRow[] }[]
}

const isNode = (value: unknown): value is JsonSchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value)
const nodes = (value: unknown): JsonSchemaNode[] => (Array.isArray(value) ? value.filter(isNode) : [])

/** A short type: `string (uuid)`, `integer`, `1 | 2`, `array of object`, `string or null`. */
export function typeOf(schema: JsonSchemaNode | undefined): string {
  if (!schema) return 'any'
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  const options = nodes(schema.anyOf ?? schema.oneOf)
  if (options.length > 0) {
    const consts = options.every((o) => 'const' in o)
    return options.map(typeOf).join(consts ? ' | ' : ' or ')
  }
  if (schema.type === 'array') return `array of ${typeOf(isNode(schema.items) ? schema.items : undefined)}`
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : typeof schema.type === 'string' ? schema.type : 'any'
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type
}

function notesOf(schema: JsonSchemaNode): string[] {
  const notes: string[] = []
  const number = (key: string) => (typeof schema[key] === 'number' && Math.abs(schema[key]) < Number.MAX_SAFE_INTEGER ? schema[key] : undefined)
  const min = number('minLength')
  const max = number('maxLength')
  if (min !== undefined && min > 0) notes.push(`at least ${min} characters`)
  if (max !== undefined) notes.push(`at most ${max} characters`)
  if (number('minimum') !== undefined) notes.push(`from ${number('minimum')}`)
  if (number('maximum') !== undefined) notes.push(`up to ${number('maximum')}`)
  if (number('minItems') !== undefined && number('minItems')! > 0) notes.push(`at least ${number('minItems')} items`)
  if (number('maxItems') !== undefined) notes.push(`at most ${number('maxItems')} items`)
  if ('default' in schema) notes.push(`default ${JSON.stringify(schema.default)}`)
  return notes
}

/** The fields of an object schema (of its items, for an array; of the first object option, for a union). */
export function fieldsOf(schema: JsonSchemaNode | undefined): FieldRow[] {
  if (!schema) return []
  if (schema.type === 'array' && isNode(schema.items)) return fieldsOf(schema.items)
  const objectOption = nodes(schema.anyOf ?? schema.oneOf ?? schema.allOf).find((o) => isNode(o.properties))
  if (!isNode(schema.properties) && objectOption) return fieldsOf(objectOption)
  if (!isNode(schema.properties)) return []
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  return Object.entries(schema.properties)
    .filter((entry): entry is [string, JsonSchemaNode] => isNode(entry[1]))
    .map(([name, property]) => ({ name, type: typeOf(property), required: required.has(name), notes: notesOf(property) }))
}

/** What a person wants of an answer: the fields of `data` in the envelope (the whole body otherwise). */
function answerFields(schema: JsonSchemaNode | undefined): FieldRow[] {
  const data = isNode(schema?.properties) ? schema.properties.data : undefined
  return isNode(data) ? fieldsOf(data) : fieldsOf(schema)
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete']

/** The document's calls, in its own order of paths, each method in the usual order. */
export function callsOf(document: OpenApiDocumentView): ApiCall[] {
  const shared = document.components?.responses ?? {}
  const calls: ApiCall[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    const ordered = Object.entries(methods).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
    for (const [method, operation] of ordered as [string, OpenApiOperation][]) {
      calls.push({
        id: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        tag: operation.tags?.[0] ?? 'Other',
        summary: operation.summary ?? '',
        access: operation.description ?? '',
        parameters: (operation.parameters ?? []).map((p) => ({
          name: p.name,
          location: p.in,
          type: typeOf(p.schema),
          required: p.required ?? false,
          notes: p.schema ? notesOf(p.schema) : [],
        })),
        // JSON, or one record a line (the integration API's NDJSON sync): the body's one media type.
        body: fieldsOf(Object.values(operation.requestBody?.content ?? {})[0]?.schema),
        responses: Object.entries(operation.responses).map(([status, response]) => {
          const resolved = response.$ref ? (shared[response.$ref.split('/').pop()!] ?? response) : response
          const [mediaType, content] = Object.entries(resolved.content ?? {})[0] ?? []
          return {
            status,
            description: mediaType && mediaType !== 'application/json' ? `${resolved.description ?? ''} (${mediaType})` : (resolved.description ?? ''),
            fields: answerFields(content?.schema),
          }
        }),
      })
    }
  }
  return calls
}

/** Whether a call matches the search: every word in its method, path, summary or group. */
export function matchesSearch(call: ApiCall, search: string): boolean {
  const haystack = `${call.method} ${call.path} ${call.summary} ${call.tag}`.toLowerCase()
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}
