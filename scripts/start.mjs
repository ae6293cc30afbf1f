// `npm start`: builds the SPA and the server (`npm run build`), then runs the built server in this
// very process. npm hands SIGTERM and SIGINT to the process of its script, and the script `exec`s
// this one in the place of npm's shell: with the server in it, a signal to `npm start` stops the
// server cleanly and npm ends after it (with `build && node server`, or without `exec`, a shell
// would stand in between, npm would end at once and the server would go on running).
//
//   npm start                     build, then serve
//   npm start -- --no-build       serve what is built already
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '..')
const serverFile = resolve(root, 'build', 'server.js')

/** `npm run build`; a signal meanwhile stops the build and this script. */
function build() {
  return new Promise((done) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
    const forward = (signal) => child.kill(signal)
    process.on('SIGTERM', forward)
    process.on('SIGINT', forward)
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward)
      process.off('SIGINT', forward)
      done(signal ? 1 : (code ?? 1))
    })
  })
}

if (!process.argv.includes('--no-build')) {
  const code = await build()
  if (code !== 0) process.exit(code)
}
if (!existsSync(serverFile)) {
  console.error('The server is not built (build/server.js is missing): run `npm run build`, or `npm start` without --no-build.')
  process.exit(1)
}
// Stack traces point into the TypeScript sources (build/server.js.map).
process.setSourceMapsEnabled(true)
await import(pathToFileURL(serverFile).href)
