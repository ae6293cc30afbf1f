import { Hono } from 'hono'
import { permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { openApiDocument, type OpenApiDocument } from './document'

/**
 * GET /openapi.json: the API's OpenAPI document, for signed-in admins of either role (the API
 * reference page reads it). Not public: it maps every call of an admin tool, which an anonymous
 * visitor has no use for. Made from the app's route table at the first call, when every route
 * is registered.
 */
export const openApiRoutes = (routesOfApp: () => Parameters<typeof openApiDocument>[0]) => {
  let document: OpenApiDocument | undefined
  return new Hono<AppEnv>().get('/openapi.json', permit('read'), (c) => c.json((document ??= openApiDocument(routesOfApp()))))
}
