// Refuses two tracked files whose paths differ only by letter case or extension (Breadcrumbs.tsx
// beside breadcrumbs.ts): on a case-insensitive file system (macOS, Windows) an import of one
// may load the other, and a checkout may lose one of them.
import { execFileSync } from 'node:child_process'

const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean)
const byKey = new Map()
for (const file of files) {
  const key = file.toLowerCase().replace(/\.(d\.ts|[cm]?[jt]sx?)$/, '')
  byKey.set(key, [...(byKey.get(key) ?? []), file])
}
const clashes = [...byKey.values()].filter((paths) => paths.length > 1)
if (clashes.length > 0) {
  console.error('Files whose names differ only by case or extension:')
  for (const paths of clashes) console.error(`  ${paths.join('  ~  ')}`)
  process.exit(1)
}
