import { existsSync } from 'node:fs'
import { CHUNK_GROUPS, bundlerGroups, isAt, unmatchedPaths, type ChunkGroup } from '../../build-plugins/chunk-groups'

const groups: ChunkGroup[] = [
  { name: 'data', paths: ['src/lib/undo.ts', 'src/lib/count.ts'] },
  { name: 'router', paths: ['node_modules/@tanstack/router-core/'] },
]

describe('chunk groups named by path', () => {
  it('put a module in its group by its file or its folder, a split route part included, and nothing else', () => {
    const [data, router] = bundlerGroups(groups)
    expect(data!.test('/app/src/lib/undo.ts')).toBe(true)
    expect(data!.test('C:\\app\\src\\lib\\count.ts')).toBe(true)
    expect(data!.test('/app/src/lib/undo-bar.ts')).toBe(false)
    expect(data!.test('/app/src/features/lib/undo.tsx')).toBe(false)
    expect(router!.test('/app/node_modules/@tanstack/router-core/dist/esm/router.js')).toBe(true)
    expect(router!.test('/app/node_modules/@tanstack/router-core-extra/index.js')).toBe(false)
    expect(isAt('/app/src/routes/users.tsx?tsr-split=component', 'src/routes/users.tsx')).toBe(true)
  })

  it('name each path that no module of the build is at, so a renamed file stops the build', () => {
    const built = ['/app/src/lib/undo.ts', '/app/node_modules/@tanstack/router-core/dist/esm/index.js']
    expect(unmatchedPaths(groups, built)).toEqual(['data: src/lib/count.ts'])
    expect(unmatchedPaths(groups, [...built, '/app/src/lib/count.ts'])).toEqual([])
  })

  it("name only files and folders the project has", () => {
    const missing = CHUNK_GROUPS.flatMap(({ paths }) => paths).filter((path) => !existsSync(path))
    expect(missing).toEqual([])
  })
})
