// `npm run dev`: the API in watch mode on API_PORT (default 3001) and Vite with hot reload, which
// proxies /api and /uploads to it. Ctrl-C stops both.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const run = (command, args, env = {}) =>
  spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32', env: { ...process.env, ...env } })

const api = run('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], { PORT: apiPort, SERVE_SPA: 'false', LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' })
const web = run('npx', ['vite'], { API_PORT: apiPort })

const stop = () => {
  api.kill('SIGTERM')
  web.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of [api, web]) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0 })
