import { z } from 'zod'

/**
 * An OpenAPI 3.1 document, as far as its readers rely on it (the API reference page, the
 * server tests). Loose: anything else in it is kept, unread. The server generates the document
 * (server/openapi/document.ts).
 */

/** A JSON Schema node; the reader walks it field by field. */
export const jsonSchemaNode = z.record(z.string(), z.unknown())
export type JsonSchemaNode = z.infer<typeof jsonSchemaNode>

const mediaTypes = z.record(z.string(), z.looseObject({ schema: jsonSchemaNode.optional() }))

export const openApiResponse = z.looseObject({
  $ref: z.string().optional(),
  description: z.string().optional(),
  content: mediaTypes.optional(),
})

export const openApiParameter = z.looseObject({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: jsonSchemaNode.optional(),
})

export const openApiOperation = z.looseObject({
  operationId: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z.array(openApiParameter).optional(),
  requestBody: z.looseObject({ required: z.boolean().optional(), content: mediaTypes }).optional(),
  responses: z.record(z.string(), openApiResponse),
})
export type OpenApiOperation = z.infer<typeof openApiOperation>

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  paths: z.record(z.string(), z.record(z.string(), openApiOperation)),
  components: z.looseObject({ responses: z.record(z.string(), openApiResponse).optional() }).optional(),
})
export type OpenApiDocumentView = z.infer<typeof openApiDocumentSchema>
