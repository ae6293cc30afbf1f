// Proves that a production install runs (CI calls it after `npm run build`): the built output
// (dist/, build/) with package.json and package-lock.json in an empty temporary folder,
// `npm ci --omit=dev` there, then the server with node alone, as the README says: embedded
// database in a temporary DATA_DIR, NODE_ENV=production, passwords of its own, the demo data, a
// free port on loopback. It waits for /readyz, fetches the page and a compressed script, signs
// in, fetches a demo picture from the server itself (the build ships them), stops the server
// with SIGTERM and expects exit code 0. Prints how long the install and the start took.
//
//   node scripts/check-production-install.mjs [--keep]   (--keep: leave the folder for a look)
// The packages come from npm's cache when it has them (--prefer-offline: the lock file pins them).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const READY_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 20_000

const fail = (message) => {
  console.error(`Production install check failed: ${message}`)
  process.exitCode = 1
  throw new Error(message)
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

function freePort() {
  return new Promise((done, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => done(port))
    })
  })
}

for (const built of ['dist/index.html', 'build/server.js']) {
  if (!existsSync(join(root, built))) fail(`${built} is missing: run \`npm run build\` first`)
}

const work = mkdtempSync(join(tmpdir(), 'petcare-production-'))
const app = join(work, 'app')
let server
try {
  let started = performance.now()
  for (const item of ['dist', 'build', 'package.json', 'package-lock.json']) {
    cpSync(join(root, item), join(app, item), { recursive: true })
  }
  const copyMs = performance.now() - started

  started = performance.now()
  const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app, encoding: 'utf8' })
  if (install.status !== 0) fail(`npm ci --omit=dev exited with ${install.status}:\n${install.stdout}\n${install.stderr}`)
  const installMs = performance.now() - started
  // A build tool, or a package of the SPA (which Vite bundles into dist/), has no place here.
  const devPackage = ['tsx', 'vite', 'react', '@tanstack/react-router'].find((name) => existsSync(join(app, 'node_modules', name)))
  if (devPackage) fail(`a development dependency (${devPackage}) was installed by npm ci --omit=dev`)

  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const admin = { email: 'ops@example.com', password: `Pc-${randomBytes(4).toString('hex')}a1` }
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: join(work, 'data'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SUB_ADMIN_PASSWORD: `Sb-${randomBytes(4).toString('hex')}a1`,
    SEED_DEMO: 'true',
  }
  delete env.DATABASE_URL
  delete env.NODE_OPTIONS // no loader of the checkout (tsx) may help the server start

  started = performance.now()
  server = spawn(process.execPath, ['build/server.js'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let printed = ''
  server.stdout.on('data', (chunk) => (printed += chunk))
  server.stderr.on('data', (chunk) => (printed += chunk))
  const exited = new Promise((done) => server.once('exit', (code, signal) => done({ code, signal })))

  for (;;) {
    if (server.exitCode !== null) fail(`the server exited with ${server.exitCode} before it was ready:\n${printed}`)
    const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined)
    if (res?.status === 200) break
    if (performance.now() - started > READY_TIMEOUT_MS) fail(`/readyz did not answer 200 within ${seconds(READY_TIMEOUT_MS)}:\n${printed}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const readyMs = performance.now() - started

  const page = await fetch(`${origin}/`, { headers: { Accept: 'text/html' } })
  const html = await page.text()
  if (page.status !== 200 || !html.includes('<div id="root"')) fail(`GET / answered ${page.status} without the SPA's page`)
  // The entry, the page's module script.
  const script = /<script type="module" crossorigin src="([^"]+\.js)"><\/script>/.exec(html)?.[1]
  if (!script) fail('the page starts no script')
  const asset = await fetch(`${origin}${script}`, { headers: { 'Accept-Encoding': 'br' }, decompress: false })
  await asset.arrayBuffer()
  if (asset.status !== 200 || asset.headers.get('content-encoding') !== 'br') {
    fail(`${script} answered ${asset.status} with Content-Encoding ${asset.headers.get('content-encoding')}, not br`)
  }

  const login = await fetch(`${origin}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  })
  const body = await login.json().catch(() => ({}))
  if (login.status !== 200 || !body.data?.token) fail(`sign-in answered ${login.status}: ${JSON.stringify(body)}`)

  // The demo's pictures were stored from the build on the first start, and are served from here
  // under a path of the panel's (stored without a host, so any name the panel is reached by works).
  const signedIn = { headers: { Authorization: `Bearer ${body.data.token}` } }
  const shops = await (await fetch(`${origin}/api/v1/place/admin/pet-shops?limit=1`, signedIn)).json()
  const shop = await (await fetch(`${origin}/api/v1/place/admin/pet-shop/${shops.data?.[0]?._id}`, signedIn)).json()
  const logo = shop.data?.logo ?? ''
  if (!logo.startsWith('/uploads/')) fail(`a demo pet shop's logo is ${JSON.stringify(logo)}, not a file under /uploads/`)
  const picture = await fetch(`${origin}${logo}`)
  await picture.arrayBuffer()
  if (picture.status !== 200 || !picture.headers.get('content-type')?.startsWith('image/')) {
    fail(`the demo picture ${logo} answered ${picture.status} with ${picture.headers.get('content-type')}`)
  }

  server.kill('SIGTERM')
  const stop = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), STOP_TIMEOUT_MS))])
  if (!stop) fail(`the server did not stop within ${seconds(STOP_TIMEOUT_MS)} of SIGTERM`)
  if (stop.code !== 0) fail(`the server exited with ${stop.code ?? stop.signal} after SIGTERM, not 0:\n${printed}`)

  console.info(
    `Production install: copy ${seconds(copyMs)}; npm ci --omit=dev ${seconds(installMs)}; start to /readyz ${seconds(readyMs)}; ` +
      `page, brotli script, sign-in and a demo picture answered; SIGTERM: exit code 0.`,
  )
} finally {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
  if (process.argv.includes('--keep')) console.info(`Left in ${work}`)
  else rmSync(work, { recursive: true, force: true })
}
