import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/**
 * Import boundaries (docs/ARCHITECTURE.md): `src` and `server` never import each other, both may
 * import `contract`, `contract` imports only zod, and inside `src` features do not import each
 * other (routes compose them) while shared components and lib import no feature.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const noServer = { group: ['**/server/**', '../server', '../../server'], message: 'The SPA never imports the server.' }
const noSrc = { group: ['**/src/**', '@/*'], message: 'The server never imports the SPA.' }

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', '.bench-data', 'coverage', 'node_modules', 'src/routeTree.gen.ts', 'server/db/migrations'] },
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
    files: ['server/**/*.ts', 'test/server/**/*.ts', 'scripts/**', 'bench/**', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['test/**'], languageOptions: { globals: { ...globals.vitest } } },
  { files: ['contract/**/*.ts'], rules: restrict({ regex: '^(?!zod$|\\./)', message: 'The contract imports only zod and itself.' }) },
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
  // A route file's loader and search schema load with the app's entry chunk: the list kit's barrel
  // would pull the table, Headless UI and date-fns into every first visit (~50 kB gzipped).
  {
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: restrict(noServer, {
      regex: '^@/components/list$',
      message: "Import listSearch, listDeps and prefetchList from '@/components/list/search'.",
    }),
  },
  { files: ['server/**/*.ts', 'test/server/**/*.ts'], rules: restrict(noSrc) },
)
