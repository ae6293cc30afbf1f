import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { REPO_ROOT } from '../../scripts/lib/server-process'

const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> }

/** `@scope/name/sub` and `name/sub` as the package they come from. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')

/** The packages the built server and admin command line import, as `npm run build` bundles them. */
async function packagesTheServerImports(): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [join(REPO_ROOT, 'server/index.ts'), join(REPO_ROOT, 'scripts/admin.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
  })
  const imported = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path))
  return [...new Set(imported.filter((path) => !path.startsWith('node:')).map(packageOf))].sort()
}

describe('the production dependencies', () => {
  it('are exactly the packages the built server imports (the SPA is bundled by Vite, so its packages are dev dependencies)', async () => {
    expect(Object.keys(packageJson.dependencies).sort()).toEqual(await packagesTheServerImports())
  }, 30_000)

  it('hold one version of the AWS SDK S3 client', () => {
    const versions = Object.entries(lock.packages)
      .filter(([path]) => path.endsWith('node_modules/@aws-sdk/client-s3'))
      .map(([, entry]) => entry.version)
    expect(versions).toHaveLength(1)
  })
})
