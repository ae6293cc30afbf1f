import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/**
 * Import boundaries (docs/ARCHITECTURE.md): `src` and `server` never import each other, both may
 * import `contract`, `contract` imports only zod, and inside `src` features do not import each
 * other (routes compose them) while shared components and lib import no feature. Inside `server`
 * the layers point down (serverLayers) and a route imports no other route.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const noServer = { group: ['**/server/**', '../server', '../../server'], message: 'The SPA never imports the server.' }
const noSrc = { group: ['**/src/**', '@/*'], message: 'The server never imports the SPA.' }

/**
 * The server's layers, top to bottom: a module imports from its own layer and the ones below,
 * never from one above. Each name is a folder of server/ or a module at its root (without .ts).
 */
const serverLayers = [
  { layer: 'process', names: ['index', 'app', 'spa', 'route-map', 'pet-preview', 'health', 'maintenance', 'lock', 'stop-with-npm', 'demo-passwords', 'seed'] },
  { layer: 'routes', names: ['routes', 'openapi'] },
  { layer: 'http', names: ['http', 'deps'] },
  { layer: 'services', names: ['auth', 'storage', 'mail', 'notifications', 'content', 'webhooks', 'outbound', 'integration'] },
  { layer: 'db', names: ['db'] },
  { layer: 'leaves', names: ['api-error', 'clock', 'log', 'config'] },
]
// Every folder and root module has a layer, so a new one is placed before anything imports it.
const unplaced = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() || d.name.endsWith('.ts'))
  .map((d) => (d.isDirectory() ? d.name : d.name.replace(/\.ts$/, '')))
  .filter((name) => !serverLayers.some((l) => l.names.includes(name)))
if (unplaced.length > 0) throw new Error(`eslint.config.js: give server/${unplaced.join(', server/')} a layer in serverLayers`)
const layerArrow = serverLayers.map((l) => l.layer).join(' -> ')
/** The import paths, from a file `depth` folders below server/, that reach one of `names`. */
const reaching = (depth, names) => `^(${depth === 0 ? '\\./' : `(\\.\\./){${depth}}`})(${names.join('|')})(/|$)`
// A route's sibling is another route: what two routes share is a query in server/db/queries/.
const noSiblingRoute = { regex: '^\\./', message: 'A route imports no other route; put what routes share in server/db/queries/.' }

export default tseslint.config(
  { ignores: ['test/fixtures', 'dist', 'build', 'data', '.bench-data', 'coverage', 'node_modules', 'src/routeTree.gen.ts', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['warn', { allow: ['error', 'warn', 'info', 'table'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/**/*.ts', 'test/server/**/*.ts', 'scripts/**', 'bench/**', 'build-plugins/**', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['test/**'], languageOptions: { globals: { ...globals.vitest } } },
  { files: ['contract/**/*.ts'], rules: restrict({ regex: '^(?!zod(/mini)?$|\\.\\.?/)', message: 'The contract imports only zod and itself.' }) },
  { files: ['src/**/*.{ts,tsx}'], rules: restrict(noServer) },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: restrict(noServer, { group: ['@/features/*', '**/features/**'], message: 'Shared code imports no feature.' }),
  },
  // A relative path that climbs out of the feature's own folder, at each depth, is refused too.
  ...features.flatMap((feature) =>
    [1, 2, 3].map((depth) => ({
      files: [`src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: restrict(noServer, {
        regex: `^(@/features/(?!${feature}(/|$))|(\\.\\./){${depth}})`,
        message: 'Features do not import each other; compose them in a route.',
      }),
    })),
  ),
  // A route file's search reading, loaderDeps and beforeLoad load with the app's entry chunk: the
  // list kit's barrel would pull the table, Headless UI and date-fns into every first visit (~50 kB
  // gzipped), zod or the contract's barrel (which loads zod) another 30 kB.
  {
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: restrict(
      noServer,
      { regex: '^@/components/list$', message: "Import listSearch, listDeps and prefetchList from '@/components/list/search'." },
      { regex: '^(zod|@contract)$', message: "Read search params with plain code; import the contract's zod-free modules by path ('@contract/list-params')." },
    ),
  },
  { files: ['server/**/*.ts', 'test/server/**/*.ts'], rules: restrict(noSrc) },
  // No import back up a layer, from a root module (depth 0) or from a folder's files at each depth.
  ...serverLayers.slice(1).flatMap(({ layer, names }, i) => {
    const above = serverLayers.slice(0, i + 1).flatMap((l) => l.names)
    const message = `The server's layers point down (${layerArrow}): a module in ${layer} imports nothing from a layer above.`
    return names.flatMap((name) =>
      [0, 1, 2, 3].map((depth) => ({
        files: [depth === 0 ? `server/${name}.ts` : `server/${name}/${'*/'.repeat(depth - 1)}*.ts`],
        rules: restrict(noSrc, { regex: reaching(depth, above), message }, ...(name === 'routes' && depth === 1 ? [noSiblingRoute] : [])),
      })),
    )
  }),
)
