/**
 * `npm run bench`: builds the SPA and prints the gzipped JS each entry route loads on a first
 * visit, and the size of every route's own chunk. Later issues add API load figures here.
 */
import { execFileSync } from 'node:child_process'
import { ENTRY_ROUTES, readManifest, routeChunks, routeJsBytes } from './bundle'

const dist = 'dist'
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

if (!process.argv.includes('--no-build')) {
  console.info('Building the SPA...')
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
}
const manifest = readManifest(dist)

console.info('\nJS loaded by a first visit (gzip -9):')
console.table(
  Object.entries(ENTRY_ROUTES).map(([url, files]) => {
    const { files: chunks, bytes } = routeJsBytes(dist, manifest, files)
    return { route: url, 'gzipped JS': kB(bytes), chunks: chunks.length }
  }),
)

console.info('Route chunks (gzip -9):')
console.table(routeChunks(dist, manifest).map(([route, bytes]) => ({ route: route.replace('src/routes/', ''), size: kB(bytes) })))
