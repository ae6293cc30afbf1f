// Refuses modules that import each other, directly or round a loop, counting type imports and
// lazy `import()` too: a module that a face loads lazily must not import back from the face, and
// shared types and parts go in a module of their own (docs/ARCHITECTURE.md). Each TypeScript
// project's files, resolved as its tsconfig says (paths included); node_modules is not followed.
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '..')
const PROJECTS = ['tsconfig.app.json', 'tsconfig.node.json']

/** The project's source files, and each one's imports among them. */
function graphOf(project) {
  const { config } = ts.readConfigFile(resolve(root, project), ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root)
  const files = new Set(parsed.fileNames.filter((f) => !f.includes('/node_modules/')))
  const host = ts.createCompilerHost(parsed.options)
  const edges = new Map()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = new Set()
    for (const { fileName } of importedFiles) {
      const found = ts.resolveModuleName(fileName, file, parsed.options, host).resolvedModule?.resolvedFileName
      if (found && files.has(found)) targets.add(found)
    }
    edges.set(file, [...targets])
  }
  return edges
}

/** Strongly connected components of more than one module (Tarjan), or a module importing itself. */
function loops(edges) {
  let next = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  const visit = (v) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) !== index.get(v)) return
    const component = []
    let w
    do {
      w = stack.pop()
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(component)
  }
  for (const v of edges.keys()) if (!index.has(v)) visit(v)
  return found
}

const knots = new Map()
for (const project of PROJECTS)
  for (const component of loops(graphOf(project))) {
    const names = component.map((f) => relative(root, f)).sort()
    knots.set(names.join(' '), names)
  }
if (knots.size > 0) {
  console.error('Modules that import each other (type imports and import() included):')
  for (const names of knots.values()) console.error(`  ${names.join('  <->  ')}`)
  console.error('Put what both need in a module of their own.')
  process.exit(1)
}
