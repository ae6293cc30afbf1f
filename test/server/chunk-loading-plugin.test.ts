import type { Plugin } from 'vite'
import { chunkLoading } from '../../build-plugins/chunk-loading'

/** What the router plugin writes into a route file whose parts it splits off (its own template). */
const routeFile = [
  `const $$splitErrorComponentImporter = () => import('/app/src/routes/_signed-in/users/$userId.tsx?tsr-split=errorComponent')`,
  `const $$splitComponentImporter = () => import("/app/src/routes/_signed-in/users/$userId.tsx?tsr-split=component")`,
  `import { lazyRouteComponent, createFileRoute } from '@tanstack/react-router'`,
  `const other = () => import('./not-a-route-part')`,
  `export const Route = createFileRoute('/_signed-in/users/$userId')({`,
  `  component: lazyRouteComponent($$splitComponentImporter, 'component'),`,
  `  errorComponent: lazyRouteComponent($$splitErrorComponentImporter, 'errorComponent'),`,
  `})`,
].join('\n')

function transform(code: string) {
  const hook = chunkLoading().transform as Extract<Plugin['transform'], (...args: never[]) => unknown>
  return hook.call({} as never, code, '/app/src/routes/_signed-in/users/$userId.tsx') as { code: string } | undefined
}

describe('the build step that puts loadChunk around split route parts', () => {
  it('wraps each split part’s import in loadChunk, whatever its quotes, and imports loadChunk', () => {
    const out = transform(routeFile)!.code
    expect(out).toContain(`() => __loadChunk(() => import('/app/src/routes/_signed-in/users/$userId.tsx?tsr-split=errorComponent'))`)
    expect(out).toContain(`() => __loadChunk(() => import("/app/src/routes/_signed-in/users/$userId.tsx?tsr-split=component"))`)
    expect(out.match(/__loadChunk\(/g)).toHaveLength(2)
    expect(out.startsWith(`import { loadChunk as __loadChunk } from '@/lib/chunk-import';`)).toBe(true)
  })

  it('keeps the lines where they were, so the source map still fits', () => {
    expect(transform(routeFile)!.code.split('\n')).toHaveLength(routeFile.split('\n').length)
  })

  it('leaves other imports and other files alone', () => {
    expect(transform(routeFile)!.code).toContain(`const other = () => import('./not-a-route-part')`)
    expect(transform(`const page = () => import('./page')`)).toBeUndefined()
  })
})
