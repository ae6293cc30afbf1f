// `npm run build` (after Vite): compiles the server to plain JavaScript, so that a production
// install (`npm ci --omit=dev`) runs it with node alone, without tsx or TypeScript.
//
//   build/server.js      the server (server/index.ts and contract/), ESM for Node
//   build/admin.js       the admin accounts command line (scripts/admin.ts)
//   build/migrations/    the database migrations, found beside the bundle (server/db/client.ts)
//   build/pglite-worker.mjs  the embedded database's thread, found beside the bundle (server/db/pglite-thread.ts)
//   build/demo-images/   the demo data's pictures, found beside the bundle (server/seed/demo-pictures.ts)
//
// Packages stay external (installed from package.json "dependencies"). build/ sits beside dist/,
// so the server's `../dist` still finds the built SPA.
import { cpSync, rmSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '..')
const outDir = join(root, 'build')
const started = performance.now()

rmSync(outDir, { recursive: true, force: true })
await build({
  entryPoints: { server: join(root, 'server/index.ts'), admin: join(root, 'scripts/admin.ts') },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
cpSync(join(root, 'server/db/migrations'), join(outDir, 'migrations'), { recursive: true })
cpSync(join(root, 'server/db/pglite-worker.mjs'), join(outDir, 'pglite-worker.mjs'))
// The rendered pictures only: their SVG sources are for scripts/demo-images.mjs.
cpSync(join(root, 'server/seed/demo-images'), join(outDir, 'demo-images'), { recursive: true, filter: (src) => basename(src) !== 'svg' })
console.info(`Server built into build/ in ${Math.round(performance.now() - started)} ms`)
