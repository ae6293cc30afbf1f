/**
 * The map from each route of the SPA to the JS files a first visit to it runs, as the build wrote
 * it (build-plugins/route-chunks.ts, from the router generator's route tree and Vite's manifest).
 * The server names those files as modulepreload in the page it sends for a URL (server/spa.ts),
 * and `npm run bench` weighs them (bench/bundle.ts): one reading for both. A URL is matched by the
 * router's own matcher, over the same tree as the SPA's.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  BaseRootRoute,
  BaseRoute,
  RouterCore,
  createNonReactiveMutableStore,
  createNonReactiveReadonlyStore,
  type AnyRoute,
} from '@tanstack/router-core'

/** Where the build writes the map, inside dist/ (never served: server/spa.ts isPrivateFile). */
export const ROUTE_MAP_PATH = '.vite/routes.json'

export type RouteMapEntry = {
  /** The route's path in the route tree (`/_signed-in/users/$userId`), which children name as `parent`. */
  key: string
  parent?: string
  /** As the generated route tree gives them to the route. */
  id: string
  path?: string
  /** The URL pattern (`/users/$userId`). */
  url: string
  /** The JS files a first visit to the route runs, entry first, each before its imports. */
  files: string[]
}
export type RouteMap = { routes: RouteMapEntry[] }

export const readRouteMap = (dist: string) => JSON.parse(readFileSync(join(dist, ROUTE_MAP_PATH), 'utf8')) as RouteMap

/** The entry of the route a URL path shows, or undefined when no route matches it. */
export type RouteMatcher = (pathname: string) => RouteMapEntry | undefined

/** The router's stores without reactivity, as on a server (@tanstack/react-router's own choice there). */
const serverStores = () => ({ createMutableStore: createNonReactiveMutableStore, createReadonlyStore: createNonReactiveReadonlyStore, batch: (fn: () => void) => fn() })

export function routeMatcher({ routes }: RouteMap): RouteMatcher {
  const root = new BaseRootRoute({})
  const built = new Map<string, AnyRoute>()
  const routeOf = (key: string | undefined): AnyRoute => {
    const route = key === undefined ? root : built.get(key)
    if (!route) throw new Error(`The route map names a parent it does not have: ${key}`)
    return route
  }
  for (const entry of routes) {
    const { id, path, parent } = entry
    // As the generated route tree does: `id` and `path` given together through update().
    const route = new BaseRoute({ getParentRoute: () => routeOf(parent), staticData: { entry } } as never)
    built.set(entry.key, route.update({ id, path } as never))
  }
  const childrenOf = (key: string | undefined) => routes.filter((r) => r.parent === key).map((r) => built.get(r.key)!)
  root.addChildren(childrenOf(undefined))
  for (const [key, route] of built) {
    const children = childrenOf(key)
    if (children.length) route.addChildren(children)
  }
  const router = new RouterCore({ routeTree: root, isServer: true } as never, serverStores as never)
  return (pathname) => {
    // The matches of a visit, as the SPA's router makes them: one is marked not found (an internal
    // flag, held by the tests on a real build) when no route has the whole path.
    const matches = router.matchRoutes(pathname, {}) as { routeId: string; _notFound?: boolean }[]
    const shown = matches.at(-1)
    if (!shown || matches.some((match) => match._notFound)) return undefined
    const route = router.routesById[shown.routeId as never] as AnyRoute | undefined
    return (route?.options.staticData as { entry?: RouteMapEntry } | undefined)?.entry
  }
}
