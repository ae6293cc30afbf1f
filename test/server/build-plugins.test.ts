import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { build, type Plugin } from 'vite'
import { chunkLoading } from '../../build-plugins/chunk-loading'
import { bundlerGroups, checkChunkGroups, type ChunkGroup } from '../../build-plugins/chunk-groups'
import { petDetailsPage } from '../../build-plugins/pet-details-page'
import { precompress } from '../../build-plugins/precompress'
import { routeChunks } from '../../build-plugins/route-chunks'
import { htmlStorageKeys } from '../../build-plugins/storage-keys'
import { readRouteMap } from '../../server/route-map'
import { routeSplits } from '../../vite.config'
import { spaRoutes } from '../../server/spa'

/*
 * The build steps of vite.config.ts on a small app of their own (test/fixtures/route-build): a
 * real `vite build` with the router plugin, whose output the server then serves. The app is
 * copied under node_modules/.cache, so that its imports (React, the router) resolve as the
 * panel's do and the route tree the router generates stays out of the repository.
 */
const FIXTURE = join(import.meta.dirname, '../fixtures/route-build')
const SHARED: ChunkGroup = { name: 'fixture-shared', paths: ['src/lib/shared.ts'] }

async function buildFixture(root: string, groups: ChunkGroup[]) {
  const routes = routeChunks()
  const plugins: Plugin[] = [
    ...[tanstackRouter({ target: 'react', autoCodeSplitting: true, codeSplittingOptions: { defaultBehavior: routeSplits }, plugins: [routes.generator] })].flat(),
    chunkLoading(),
    ...[react()].flat(),
    htmlStorageKeys(),
    petDetailsPage(),
    checkChunkGroups(groups),
    precompress(),
    routes.vite,
  ]
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    resolve: { alias: { '@': join(root, 'src') } },
    build: {
      outDir: 'dist',
      manifest: true,
      rolldownOptions: {
        input: { main: join(root, 'index.html'), 'pet-details': join(root, 'pet-details.html') },
        output: { codeSplitting: { groups: bundlerGroups(groups) } },
      },
    },
  })
  return join(root, 'dist')
}

describe('the build steps, on a real build', () => {
  let root: string
  let dist: string
  const code = (file: string) => readFileSync(join(dist, file), 'utf8')
  const visit = (path: string) => spaRoutes(dist).request(path, { headers: { Accept: 'text/html' } })
  /** The files a page names as modulepreload, in order. */
  const preloaded = async (path: string) => [...(await (await visit(path)).text()).matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]!)
  /** The markers (`USERS_MARKER`) in the files a visit to `path` preloads. */
  const markers = async (path: string) => (await preloaded(path)).flatMap((file) => code(file).match(/[A-Z_]+_MARKER/g) ?? []).sort()

  beforeAll(async () => {
    const cache = join(import.meta.dirname, '../../node_modules/.cache')
    mkdirSync(cache, { recursive: true })
    root = mkdtempSync(join(cache, 'route-build-'))
    cpSync(FIXTURE, root, { recursive: true })
    dist = await buildFixture(root, [SHARED])
  }, 120_000)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('maps every route of the router’s tree to files the build wrote, the entry first', () => {
    const { routes } = readRouteMap(dist)
    expect(routes.map((r) => r.url).sort()).toEqual(['/', '/', '/files/$', '/settings', '/settings', '/sites/$siteId', '/sites/site', '/users', '/users/$userId'])
    const entry = readdirSync(join(dist, 'assets')).find((f) => /^main-.*\.js$/.test(f))
    for (const route of routes) {
      expect(route.files[0], route.key).toBe(`assets/${entry}`)
      for (const file of route.files) expect(existsSync(join(dist, file)), file).toBe(true)
    }
  })

  it("names a page's own chunks and its layouts', not its error view's nor another page's", async () => {
    expect(await markers('/users/42')).toEqual(['LAYOUT_LOADER_MARKER', 'LAYOUT_MARKER', 'SHARED_MARKER', 'USER_DETAILS_MARKER'])
    expect(await markers('/users')).toEqual(['LAYOUT_LOADER_MARKER', 'LAYOUT_MARKER', 'SHARED_MARKER', 'USERS_MARKER'])
    expect(await markers('/')).toEqual(['SIGN_IN_MARKER'])
  })

  it('matches URLs as the router does: letter case, a trailing slash, a layout’s index, a route group, a splat', async () => {
    expect(await preloaded('/Users/')).toEqual(await preloaded('/users'))
    expect(await markers('/settings')).toEqual(expect.arrayContaining(['SETTINGS_INDEX_MARKER', 'SETTINGS_LAYOUT_MARKER']))
    expect(await markers('/sites/site')).toContain('SITE_FORM_MARKER')
    expect(await markers('/sites/12')).toContain('SITE_DETAILS_MARKER')
    expect(await markers('/files/a/b')).toContain('FILES_MARKER')
    for (const path of ['/', '/users/42', '/settings', '/sites/site', '/files/a/b']) expect((await visit(path)).status, path).toBe(200)
  })

  it('answers 404 for a path no route has whole', async () => {
    for (const path of ['/nope', '/users/42/more', '/settings/nope', '/%E0%A4%A']) {
      const res = await visit(path)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).toBe(code('index.html')) // as built: no route's chunks
    }
  })

  it('wraps every split route part’s import in the loadChunk of src/lib/chunk-import.ts', () => {
    const entry = readRouteMap(dist).routes[0]!.files[0]!
    expect(code(entry)).toContain('CHUNK_IMPORT_MARKER')
    expect(code(entry)).not.toMatch(/\(\)\s*=>\s*import\(["'][^"']*tsr-split/)
  })

  it("writes the storage keys and the API base into the pages' inline scripts", () => {
    expect(code('index.html')).toContain('localStorage.getItem("theme")')
    expect(code('pet-details.html')).toContain(`fetch("/api/v1" + '/pets/'`)
  })

  it('puts a group’s modules in its chunk', () => {
    const chunk = readdirSync(join(dist, 'assets')).filter((f) => f.startsWith('fixture-shared-') && f.endsWith('.js'))
    expect(chunk).toHaveLength(1)
    expect(code(`assets/${chunk[0]}`)).toContain('SHARED_MARKER')
  })

  it('writes brotli and gzip copies beside the text files worth it, none of the build’s own records', () => {
    const entry = readRouteMap(dist).routes[0]!.files[0]!
    expect(existsSync(join(dist, `${entry}.br`))).toBe(true)
    expect(existsSync(join(dist, `${entry}.gz`))).toBe(true)
    expect(readdirSync(join(dist, '.vite')).sort()).toEqual(['manifest.json', 'routes.json'])
  })

  it('stops a build whose chunk group names a path no module is at', async () => {
    await expect(buildFixture(root, [SHARED, { name: 'gone', paths: ['src/lib/renamed.ts'] }])).rejects.toThrow('gone: src/lib/renamed.ts')
  }, 120_000)
})
