import { Hono } from 'hono'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../http/env'
import { integrationDevicesRoutes } from './devices'
import { integrationPetsRoutes } from './pets'
import { integrationSubmissionsRoutes } from './submissions'
import { integrationSyncRoutes } from './sync'
import { tokenRoutes } from './token'
import { integrationUploadsRoutes } from './uploads'
import { integrationUsersRoutes } from './users'

/**
 * The integration API (issue 37, section 2): what the platform's backend calls with an API token,
 * mounted at INTEGRATION_PREFIX under /api/v1. Each resource is a router of its own in this
 * folder, its paths relative to the prefix, every route declaring `permitToken(scope)` first
 * (`read` for GET calls). Add one by a `.route('/', ...)` line here.
 */
export const integrationRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .route('/', tokenRoutes(deps))
    .route('/', integrationUsersRoutes(deps))
    .route('/', integrationPetsRoutes(deps))
    .route('/', integrationDevicesRoutes(deps))
    .route('/', integrationSubmissionsRoutes(deps))
    .route('/', integrationSyncRoutes(deps))
    .route('/', integrationUploadsRoutes(deps))
