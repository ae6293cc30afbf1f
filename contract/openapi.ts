import * as zm from 'zod/mini'

/**
 * An OpenAPI 3.1 document, as far as its readers rely on it (the API reference page, the
 * server tests). Loose: anything else in it is kept, unread. The server generates the document
 * (server/openapi/document.ts).
 */

/** A JSON Schema node; the reader walks it field by field. */
export const jsonSchemaNode = zm.record(zm.string(), zm.unknown())
export type JsonSchemaNode = zm.infer<typeof jsonSchemaNode>

const mediaTypes = zm.record(zm.string(), zm.looseObject({ schema: zm.optional(jsonSchemaNode) }))

export const openApiResponse = zm.looseObject({
  $ref: zm.optional(zm.string()),
  description: zm.optional(zm.string()),
  content: zm.optional(mediaTypes),
})

export const openApiParameter = zm.looseObject({
  name: zm.string(),
  in: zm.string(),
  required: zm.optional(zm.boolean()),
  description: zm.optional(zm.string()),
  schema: zm.optional(jsonSchemaNode),
})

export const openApiOperation = zm.looseObject({
  operationId: zm.optional(zm.string()),
  summary: zm.optional(zm.string()),
  description: zm.optional(zm.string()),
  tags: zm.optional(zm.array(zm.string())),
  security: zm.optional(zm.array(zm.record(zm.string(), zm.array(zm.string())))),
  parameters: zm.optional(zm.array(openApiParameter)),
  requestBody: zm.optional(zm.looseObject({ required: zm.optional(zm.boolean()), content: mediaTypes })),
  responses: zm.record(zm.string(), openApiResponse),
})
export type OpenApiOperation = zm.infer<typeof openApiOperation>

export const openApiDocumentSchema = zm.looseObject({
  openapi: zm.string(),
  info: zm.looseObject({ title: zm.string(), version: zm.string(), description: zm.optional(zm.string()) }),
  servers: zm.optional(zm.array(zm.looseObject({ url: zm.string() }))),
  paths: zm.record(zm.string(), zm.record(zm.string(), openApiOperation)),
  components: zm.optional(zm.looseObject({ responses: zm.optional(zm.record(zm.string(), openApiResponse)) })),
})
export type OpenApiDocumentView = zm.infer<typeof openApiDocumentSchema>
