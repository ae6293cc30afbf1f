/**
 * `npm run check:screens`: opens every screen of the built app in the machine's Chromium, on the
 * demo data, as a signed-out visitor and as the demo admin (signed in through the login form),
 * at 360 x 740 and at 1440 x 900, with the dialogs and menus opened too. A screen fails when
 *  - at 360 px, the page scrolls sideways (document.documentElement.scrollWidth > innerWidth):
 *    it prints the page's width and the elements that stick out; or a fixed layer (the top bar,
 *    a dialog) leaves the screen, where no scrolling reaches it;
 *  - at either width, axe-core finds a critical or serious violation: rule, impact, targets.
 * One line per screen and width, then a summary; exit code 1 on any failure, 2 on bad usage.
 *
 *   npm run check:screens -- [--build] [--width 360|1440] [--only TEXT] [--theme light|dark] [--lighthouse] [--screenshots DIR]
 *   npm run check:phones                  # the same at 360 x 740 only
 *
 * --build builds first (otherwise the existing dist/ and build/ are used); --only keeps the
 * screens whose name contains TEXT; --lighthouse also prints Lighthouse's accessibility score of
 * /, /dashboard, /users, /faq and /pet-details/:petId (below 100 fails); --screenshots saves what each check saw as
 * DIR/<width>-<screen>.png; --theme dark runs it all with the system set to dark (the demo admin's
 * theme is System, so every screen, public and signed-in, is drawn dark). The server (build/server.js) runs on a free
 * loopback port with a fresh temporary DATA_DIR (the demo data is seeded on its first start) and
 * is stopped at the end, also after a failure. CHROME_PATH overrides /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { DEMO_CITIES } from '../server/seed/demo-cities'
import { exitWith } from './lib/exit'
import { REPO_ROOT, signIn, startServer, type ServerProcess } from './lib/server-process'

const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const ADMIN = { email: 'admin@petcare.local', password: 'Admin@123' }
const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1440, height: 900 }
const LIGHTHOUSE_PAGES = ['/', '/dashboard', '/users', '/faq', '/pet-details/:petId']

const { values: args } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    width: { type: 'string' },
    only: { type: 'string' },
    lighthouse: { type: 'boolean', default: false },
    screenshots: { type: 'string' },
    theme: { type: 'string', default: 'light' },
  },
})
const sizes = args.width === undefined ? [PHONE, DESKTOP] : [PHONE, DESKTOP].filter((s) => String(s.width) === args.width)
if (sizes.length === 0) exitWith(`--width is ${PHONE.width} or ${DESKTOP.width}`, 2)
if (args.theme !== 'light' && args.theme !== 'dark') exitWith('--theme is light or dark', 2)
if (!existsSync(CHROMIUM_PATH)) exitWith(`No Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROME_PATH)`, 2)

/** The demo records whose details screens are opened. */
interface DemoIds {
  userId: string
  petId: string
  petShopId: string
  hospitalId: string
  notificationId: string
  feedbackId: string
  /** A pending partner request, and an approved one with the draft place it made (its details path). */
  pendingPartnerId: string
  approvedPartnerId: string
  draftPlacePath: string
  cityId: string
  siteId: string
  /** A webhook endpoint with a Test event in its log (it fails: no network here). */
  webhookId: string
}

type Who = 'visitor' | 'admin'

interface Screen {
  name: string
  who: Who
  path: (ids: DemoIds) => string
  /** Opens a dialog or a menu once the page is ready; resolves when it is on screen. */
  open?: (page: Page) => Promise<void>
  /** Only at this width (the phone drawer exists only on phones). */
  width?: number
}

const at = (path: string) => () => path

/** The CSV the import screen checks: a new city, the demo's first city (there already), and a name over its limit. */
const IMPORT_FILE = join(mkdtempSync(join(tmpdir(), 'petcare-screens-')), 'cities.csv')
writeFileSync(IMPORT_FILE, `Name\nRiverton\n${DEMO_CITIES[0]!.name}\n${'N'.repeat(120)}\n`)

/** Clicks the first visible button whose accessible name (aria-label or text) matches. */
async function clickButton(page: Page, name: RegExp) {
  const handles = await page.$$('button, [role="button"], [role="tab"]')
  for (const handle of handles) {
    const label = await handle.evaluate((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim())
    if (name.test(label) && (await handle.isVisible())) {
      await handle.click()
      return
    }
  }
  throw new Error(`no visible button named ${name}`)
}

/**
 * Clicks a button and waits for the dialog (or menu panel) it opens: attached, not "visible",
 * since a Headless UI dialog's own element is an empty box around its fixed panel.
 */
const opens = (name: RegExp, panel = '[role="dialog"]') => async (page: Page) => {
  await clickButton(page, name)
  await page.waitForSelector(panel, { timeout: 5000 })
}

/** Chooses the rows of a list's page (its checkbox, in the table's header or above the cards) and waits for the bulk bar, whose code loads then. */
async function chooseRows(page: Page) {
  const deadline = Date.now() + 10_000
  for (;;) {
    for (const box of await page.$$('input[type="checkbox"]')) {
      const name = await box.evaluate((el) => (el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? '').trim())
      if (/^Select all .* on this page$/.test(name) && (await box.isVisible())) {
        await box.click()
        await page.waitForSelector('section[aria-label="Bulk actions"]', { timeout: 5000 })
        return
      }
    }
    if (Date.now() > deadline) throw new Error('no visible page checkbox')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Chooses a page of rows, then opens the bulk action `name`'s confirmation. */
const bulkConfirm = (name: RegExp) => async (page: Page) => {
  await chooseRows(page)
  await opens(name)(page)
}

const SCREENS: Screen[] = [
  // What a signed-out visitor sees.
  { name: 'login', who: 'visitor', path: at('/') },
  { name: 'forgot password', who: 'visitor', path: at('/forgot-password') },
  { name: 'verify otp', who: 'visitor', path: at('/verify-otp?email=admin%40petcare.local') },
  { name: 'accept invite', who: 'visitor', path: at('/accept-invite?token=not-a-real-invitation') },
  { name: 'privacy policy', who: 'visitor', path: at('/privacy-policy') },
  { name: 'terms and conditions', who: 'visitor', path: at('/term-and-conditions') },
  { name: 'faq', who: 'visitor', path: at('/faq') },
  { name: 'faq, an answer open', who: 'visitor', path: at('/faq'), open: async (page) => {
    await page.click('button[aria-expanded="false"]')
    await page.waitForSelector('button[aria-expanded="true"]')
  } },
  { name: 'contact us', who: 'visitor', path: at('/contact-us') },
  { name: 'support', who: 'visitor', path: at('/support') },
  { name: 'no data found', who: 'visitor', path: at('/no-data-found') },
  { name: 'pet details (public)', who: 'visitor', path: (ids) => `/pet-details/${ids.petId}` },
  { name: 'pet details, unknown pet', who: 'visitor', path: at('/pet-details/00000000-0000-4000-8000-000000000000') },
  { name: 'not found (signed out)', who: 'visitor', path: at('/no-such-page') },

  // The signed-in screens.
  { name: 'dashboard', who: 'admin', path: at('/dashboard') },
  // 12 months: the widest numbers on the axes; every chart's table of numbers open (the longest page).
  { name: 'dashboard, 12 months, the numbers open', who: 'admin', path: at('/dashboard?period=12m'), open: async (page) => {
    await page.waitForSelector('details summary')
    await page.$$eval('details', (all) => all.forEach((d) => d.setAttribute('open', '')))
  } },
  { name: 'profile menu', who: 'admin', path: at('/dashboard'), open: opens(/^Profile menu$/, '[id^="headlessui-popover-panel"]') },
  { name: 'drawer', who: 'admin', path: at('/dashboard'), open: opens(/^Main menu$/), width: PHONE.width },
  { name: 'users', who: 'admin', path: at('/users') },
  { name: 'users, Filters', who: 'admin', path: at('/users'), open: opens(/^Filters/, '[role="group"][aria-label="Filters"]:not([hidden])') },
  { name: 'users, Block confirm', who: 'admin', path: at('/users'), open: opens(/^Block\b/) },
  { name: 'users, bulk bar', who: 'admin', path: at('/users'), open: chooseRows },
  { name: 'users, bulk Block confirm', who: 'admin', path: at('/users'), open: bulkConfirm(/^Block$/) },
  { name: 'users, Columns', who: 'admin', path: at('/users'), open: opens(/^Columns$/) },
  { name: 'users, Views', who: 'admin', path: at('/users'), open: opens(/^Views$/) },
  { name: 'user details', who: 'admin', path: (ids) => `/users/${ids.userId}` },
  { name: "a user's pet", who: 'admin', path: (ids) => `/users/${ids.userId}/pets/${ids.petId}` },
  { name: 'pet shops', who: 'admin', path: at('/pet-shops') },
  { name: 'pet shops, Delete confirm', who: 'admin', path: at('/pet-shops'), open: opens(/^Delete\b/) },
  { name: 'pet shops, bulk Delete confirm', who: 'admin', path: at('/pet-shops'), open: bulkConfirm(/^Delete$/) },
  { name: 'pet shop details', who: 'admin', path: (ids) => `/pet-shops/details/${ids.petShopId}` },
  { name: 'pet shop add', who: 'admin', path: at('/pet-shops/add') },
  { name: 'pet shop edit', who: 'admin', path: (ids) => `/pet-shops/edit/${ids.petShopId}` },
  { name: 'hospitals', who: 'admin', path: at('/hospitals') },
  { name: 'hospital details', who: 'admin', path: (ids) => `/hospitals/details/${ids.hospitalId}` },
  { name: 'hospital add', who: 'admin', path: at('/hospitals/add') },
  { name: 'hospital edit', who: 'admin', path: (ids) => `/hospitals/edit/${ids.hospitalId}` },
  { name: 'partners', who: 'admin', path: at('/partners') },
  { name: 'partners, Filters', who: 'admin', path: at('/partners'), open: opens(/^Filters/, '[role="group"][aria-label="Filters"]:not([hidden])') },
  { name: 'partner request, pending', who: 'admin', path: (ids) => `/partners/${ids.pendingPartnerId}` },
  { name: 'partner request, Approve confirm', who: 'admin', path: (ids) => `/partners/${ids.pendingPartnerId}`, open: opens(/^Approve$/) },
  { name: 'partner request, Decline dialog', who: 'admin', path: (ids) => `/partners/${ids.pendingPartnerId}`, open: opens(/^Decline$/) },
  { name: 'partner request, approved', who: 'admin', path: (ids) => `/partners/${ids.approvedPartnerId}` },
  { name: 'draft place details', who: 'admin', path: (ids) => ids.draftPlacePath },
  { name: 'feedback', who: 'admin', path: at('/feedback') },
  { name: 'feedback details', who: 'admin', path: (ids) => `/feedback/${ids.feedbackId}` },
  { name: 'feedback, Delete confirm', who: 'admin', path: at('/feedback'), open: opens(/^Delete Feedback /) },
  { name: 'notifications', who: 'admin', path: at('/notifications') },
  { name: 'notifications, Send Notification', who: 'admin', path: at('/notifications'), open: opens(/^Send Notification$/) },
  { name: 'notifications, Filters', who: 'admin', path: at('/notifications'), open: opens(/^Filters/, '[role="group"][aria-label="Filters"]:not([hidden])') },
  {
    name: 'notifications, Sent to picker',
    who: 'admin',
    path: at('/notifications'),
    open: async (page) => {
      await opens(/^Filters/, '[role="group"][aria-label="Filters"]:not([hidden])')(page)
      await opens(/^Anyone$/)(page)
    },
  },
  { name: 'command palette', who: 'admin', path: at('/dashboard'), open: opens(/^Go to \(Ctrl\+K\)$/) },
  // Typed: the server's records under their headings, once the live region has counted them.
  { name: 'command palette, records found', who: 'admin', path: at('/dashboard'), open: async (page) => {
    await opens(/^Go to \(Ctrl\+K\)$/)(page)
    await page.keyboard.type('an')
    await page.waitForFunction(`/result/.test(document.querySelector('[role="dialog"] [role="status"]')?.textContent ?? '')`, { timeout: 10_000 })
  } },
  { name: 'keyboard shortcuts', who: 'admin', path: at('/dashboard'), open: async (page) => {
    await page.waitForSelector('main h1')
    await page.keyboard.press('?')
    await page.waitForSelector('[role="dialog"]', { timeout: 5000 })
  } },
  { name: 'notifications, Cancel confirm', who: 'admin', path: at('/notifications'), open: opens(/^Cancel Vet week$/) },
  { name: 'notification details', who: 'admin', path: (ids) => `/notifications/notification-detail/${ids.notificationId}` },
  { name: 'notifications, Send Notification, Send later', who: 'admin', path: at('/notifications'), open: async (page) => {
    await opens(/^Send Notification$/)(page)
    await page.click('[role="dialog"] input[type="checkbox"]')
    await page.waitForSelector('[role="dialog"] input[type="datetime-local"]')
  } },
  { name: 'notification recipients', who: 'admin', path: (ids) => `/notifications/notification-detail/${ids.notificationId}/recipients` },
  { name: 'notification recipients, Filters', who: 'admin', path: (ids) => `/notifications/notification-detail/${ids.notificationId}/recipients`, open: opens(/^Filters/, '[role="group"][aria-label="Filters"]:not([hidden])') },
  { name: 'cities', who: 'admin', path: at('/content-management') },
  { name: 'cities, Add City', who: 'admin', path: at('/content-management'), open: opens(/^Add City$/) },
  { name: 'cities, Edit city', who: 'admin', path: at('/content-management'), open: opens(/^Edit /) },
  { name: 'city (its sites)', who: 'admin', path: (ids) => `/cities/${ids.cityId}` },
  { name: 'site add', who: 'admin', path: (ids) => `/sites/add-site?cityId=${ids.cityId}` },
  { name: 'site edit', who: 'admin', path: (ids) => `/sites/site?siteId=${ids.siteId}` },
  { name: 'site details', who: 'admin', path: (ids) => `/sites/site-details/${ids.siteId}` },
  { name: 'settings', who: 'admin', path: at('/settings') },
  { name: 'settings: admins', who: 'admin', path: at('/settings/admins') },
  { name: 'settings: admins, Add Admin', who: 'admin', path: at('/settings/admins'), open: opens(/^Add Admin$/) },
  { name: 'settings: audit log', who: 'admin', path: at('/settings/audit-log') },
  { name: 'settings: audit log, an entry', who: 'admin', path: at('/settings/audit-log'), open: opens(/^View /) },
  { name: 'settings: trash', who: 'admin', path: at('/settings/trash') },
  { name: 'settings: trash, Delete forever confirm', who: 'admin', path: at('/settings/trash'), open: opens(/^Delete forever: /) },
  { name: 'settings: api reference', who: 'admin', path: at('/settings/api-reference') },
  { name: 'settings: api tokens', who: 'admin', path: at('/settings/api-tokens') },
  { name: 'settings: api tokens, Create Token', who: 'admin', path: at('/settings/api-tokens'), open: opens(/^Create Token$/) },
  { name: 'settings: import', who: 'admin', path: at('/settings/import') },
  // A checked file: a new city, one there is already, and one refused with its message.
  { name: 'settings: import, a checked file', who: 'admin', path: at('/settings/import'), open: async (page) => {
    await page.waitForSelector('input[type="file"]')
    await page.select('select', 'cities')
    const input = await page.$('input[type="file"]')
    await input!.uploadFile(IMPORT_FILE)
    await clickButton(page, /^Check file$/)
    await page.waitForFunction(`[...document.querySelectorAll('button')].some((b) => /^Import 1 new row$/.test(b.textContent.trim()))`, { timeout: 10_000 })
  } },
  { name: 'settings: webhooks', who: 'admin', path: at('/settings/webhooks') },
  { name: 'settings: webhooks, Add webhook', who: 'admin', path: at('/settings/webhooks'), open: opens(/^Add webhook$/) },
  { name: 'settings: webhooks, an endpoint and its delivery log', who: 'admin', path: (ids) => `/settings/webhooks?endpoint=${ids.webhookId}` },
  { name: 'settings: change password', who: 'admin', path: at('/settings/change-password') },
  { name: 'settings: contact us', who: 'admin', path: at('/settings/contact-us') },
  { name: 'settings: faqs', who: 'admin', path: at('/settings/faqs') },
  { name: 'settings: faqs, Add FAQ', who: 'admin', path: at('/settings/faqs'), open: opens(/^Add FAQ$/) },
  { name: 'settings: faqs, Delete confirm', who: 'admin', path: at('/settings/faqs'), open: opens(/^Delete\b/) },
  { name: 'settings: privacy policy', who: 'admin', path: at('/settings/privacy-policy') },
  { name: 'settings: support', who: 'admin', path: at('/settings/support') },
  { name: 'settings: terms and conditions', who: 'admin', path: at('/settings/terms-and-conditions') },
  { name: 'not found (signed in)', who: 'admin', path: at('/no-such-page') },
]

/** The ids of demo records to open, read through the API as the demo admin. */
async function demoIds(origin: string): Promise<DemoIds> {
  const token = await signIn(origin, ADMIN.email, ADMIN.password)
  const get = async (path: string) => {
    const res = await fetch(`${origin}/api/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } })
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`)
    return ((await res.json()) as { data: unknown }).data
  }
  const firstId = async (path: string) => {
    const [first] = (await get(path)) as { _id: string }[]
    if (!first) throw new Error(`GET ${path}: no demo record`)
    return first._id
  }
  const users = (await get('admin/users?limit=20')) as { _id: string }[]
  let owner: { userId: string; petId: string } | undefined
  for (const { _id } of users) {
    const { pets } = (await get(`admin/user/${_id}`)) as { pets: { _id: string }[] }
    if (pets[0]) {
      owner = { userId: _id, petId: pets[0]._id }
      break
    }
  }
  if (!owner) throw new Error('no demo user with a pet')
  // A notification scheduled for next week (the demo has none): the newest, so first in the list, with its Cancel.
  const scheduled = await fetch(`${origin}/api/v1/admin/notification`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: 'Vet week',
      description: 'Free check-ups at partner hospitals.',
      sendToAllUsers: false,
      userIds: [owner.userId],
      sendAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    }),
  })
  if (scheduled.status !== 201) throw new Error(`POST admin/notification (scheduled): ${scheduled.status}`)
  // Something in the trash (the demo has nothing deleted): an FAQ added and deleted, for the trash's row and its Delete forever.
  const faq = await fetch(`${origin}/api/v1/admin/faq`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Can I bring my cat?', description: 'Yes, on a lead.' }),
  })
  if (faq.status !== 201) throw new Error(`POST admin/faq: ${faq.status}`)
  const { _id: faqId } = ((await faq.json()) as { data: { _id: string } }).data
  const trashed = await fetch(`${origin}/api/v1/admin/faq/${faqId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })
  if (!trashed.ok) throw new Error(`DELETE admin/faq: ${trashed.status}`)
  // A webhook endpoint (the demo has none) with a delivery in its log: its Test event.
  const hook = await fetch(`${origin}/api/v1/admin/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: 'https://hooks.example.com/petcare', events: ['user.blocked', 'place.created'], description: 'CRM' }),
  })
  if (hook.status !== 201) throw new Error(`POST admin/webhooks: ${hook.status}`)
  const { _id: webhookId } = ((await hook.json()) as { data: { _id: string } }).data
  const tested = await fetch(`${origin}/api/v1/admin/webhooks/${webhookId}/test`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
  if (tested.status !== 201) throw new Error(`POST admin/webhooks/${webhookId}/test: ${tested.status}`)
  const approvedPartnerId = await firstId('admin/partners?limit=1&status=2')
  const { place } = (await get(`admin/partners/${approvedPartnerId}`)) as { place: { _id: string; kind: string } | null }
  if (!place) throw new Error('the demo approved request has no place')
  return {
    ...owner,
    petShopId: await firstId('place/admin/pet-shops?limit=1'),
    hospitalId: await firstId('place/admin/hospitals?limit=1'),
    notificationId: await firstId('admin/notifications?limit=1'),
    feedbackId: await firstId('feedback/list?limit=1'),
    pendingPartnerId: await firstId('admin/partners?limit=1&status=1'),
    approvedPartnerId,
    draftPlacePath: `/${place.kind === 'hospital' ? 'hospitals' : 'pet-shops'}/details/${place._id}`,
    cityId: await firstId('admin/city/list?limit=1'),
    siteId: await firstId('admin/site/list?limit=1'),
    webhookId,
  }
}

const AXE_SOURCE = readFileSync(join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8')
const PROBE_SOURCE = readFileSync(join(REPO_ROOT, 'scripts/lib/screen-probe.js'), 'utf8')

interface Overflow {
  width: number
  viewport: number
  widest: { element: string; width: number } | null
  furthest: { element: string; right: number } | null
  offScreen: { element: string; right: number } | null
}
interface Violation {
  id: string
  impact: string
  help: string
  nodes: { target: string; message: string }[]
}

// The page's own code is passed as strings: this project's Node TypeScript has no DOM types.

/** Waits until the screen has its data (ready twice, 150 ms apart, for what a response starts) and its animations are over. */
async function settle(page: Page) {
  for (let i = 0; i < 2; i++) {
    await page.waitForFunction('screenProbe.ready()', { timeout: 15_000, polling: 50 })
    await new Promise((done) => setTimeout(done, 150))
  }
  await page.evaluate('screenProbe.settle()')
}

/** The lines that say why one screen at one width failed (none when it passed). */
async function checkScreen(page: Page, origin: string, ids: DemoIds, screen: Screen, width: number): Promise<string[]> {
  await page.goto(origin + screen.path(ids), { waitUntil: 'load' })
  await settle(page)
  if (screen.open) {
    await screen.open(page)
    await settle(page)
  }
  if (args.screenshots) {
    mkdirSync(args.screenshots, { recursive: true })
    const file = `${width}-${screen.name.replace(/[^a-z0-9]+/gi, '-')}.png`
    await page.screenshot({ path: join(args.screenshots, file) as `${string}.png` })
  }
  const problems: string[] = []
  if (width === PHONE.width) {
    const overflow = (await page.evaluate('screenProbe.overflow()')) as Overflow | null
    if (overflow && overflow.width > overflow.viewport) {
      problems.push(`scrolls sideways: ${overflow.width} px wide in a ${overflow.viewport} px viewport`)
      if (overflow.widest) problems.push(`  widest: ${overflow.widest.element} (${overflow.widest.width} px)`)
      if (overflow.furthest) problems.push(`  reaches furthest: ${overflow.furthest.element} (to ${overflow.furthest.right} px)`)
    }
    if (overflow?.offScreen) problems.push(`leaves the screen (fixed, cannot be scrolled to): ${overflow.offScreen.element} (to ${overflow.offScreen.right} px)`)
  }
  await page.evaluate(AXE_SOURCE)
  const violations = (await page.evaluate('screenProbe.axe()')) as Violation[]
  for (const v of violations) {
    problems.push(`axe ${v.id} (${v.impact}): ${v.help}`)
    for (const node of v.nodes.slice(0, 4)) problems.push(`  ${node.target}: ${node.message}`)
    if (v.nodes.length > 4) problems.push(`  … and ${v.nodes.length - 4} more`)
  }
  return problems
}

/** Signs in as the demo admin through the login form, as a person would. */
async function signInThroughForm(page: Page, origin: string) {
  await page.goto(`${origin}/`, { waitUntil: 'load' })
  await page.waitForSelector('input[type="email"], input[name="email"]', { visible: true })
  await page.type('input[type="email"], input[name="email"]', ADMIN.email)
  await page.type('input[type="password"]', ADMIN.password)
  await Promise.all([page.waitForFunction(`location.pathname === '/dashboard'`, { timeout: 15_000 }), page.keyboard.press('Enter')])
}

/** A page in a new incognito context (nothing stored: a signed-out visitor) with the probe installed. */
async function freshPage(browser: Browser, size: { width: number; height: number }) {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  await page.setViewport(size)
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: args.theme! }])
  await page.evaluateOnNewDocument(PROBE_SOURCE)
  return page
}

/**
 * Lighthouse's accessibility score (0 to 100) of each page. Lighthouse opens its tabs in the
 * browser's default profile: the public pages first, signed out, then the admin signs in there
 * (storage is kept between runs) for the signed-in pages.
 */
async function lighthouseScores(browser: Browser, origin: string, ids: DemoIds) {
  const lighthouse = (await import('lighthouse')).default
  const port = Number(new URL(browser.wsEndpoint()).port)
  const signedIn = new Set(['/dashboard', '/users'])
  const order = [...LIGHTHOUSE_PAGES.filter((p) => !signedIn.has(p)), ...LIGHTHOUSE_PAGES.filter((p) => signedIn.has(p))]
  const results: { line: string; passed: boolean }[] = []
  for (const path of order) {
    if (path === order.find((p) => signedIn.has(p))) {
      const page = await browser.newPage()
      await page.evaluateOnNewDocument(PROBE_SOURCE)
      await signInThroughForm(page, origin)
      await page.close()
    }
    const url = origin + path.replace(':petId', ids.petId)
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      onlyCategories: ['accessibility'],
      disableStorageReset: true,
    })
    const lhr = result?.lhr
    const score = Math.round((lhr?.categories.accessibility?.score ?? 0) * 100)
    const failing = lhr ? Object.values(lhr.audits).filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary').map((a) => a.id) : ['no result']
    // A page that sent Lighthouse elsewhere (a lost sign-in) says so, rather than scoring the wrong page.
    const endedAt = lhr ? new URL(lhr.finalDisplayedUrl).pathname : ''
    const elsewhere = lhr && endedAt !== new URL(url).pathname ? `  (ended at ${endedAt})` : ''
    const passed = score === 100 && !elsewhere
    const line = `${passed ? 'ok  ' : 'FAIL'}  lighthouse accessibility ${String(score).padStart(3)}  ${path}${elsewhere}`
    results.push({ line: failing.length ? `${line}  (failing: ${failing.join(', ')})` : line, passed })
  }
  return results
}

const dataDir = mkdtempSync(join(tmpdir(), 'petcare-screens-'))
let server: ServerProcess | undefined
let browser: Browser | undefined

/** Closes Chromium, stops the server and removes its data; also on Ctrl-C. */
async function stop() {
  await browser?.close().catch(() => undefined)
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM')
    await Promise.race([server.exited, new Promise((done) => setTimeout(done, 10_000))])
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
  }
  rmSync(dataDir, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stop().finally(() => process.exit(130)))
}

async function main() {
  if (args.build) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' })
    if (built.status !== 0) exitWith('The build failed')
  }
  if (!existsSync(join(REPO_ROOT, 'build/server.js')) || !existsSync(join(REPO_ROOT, 'dist/index.html'))) {
    exitWith('No build: run `npm run build` first, or pass --build', 2)
  }
  const screens = SCREENS.filter((s) => !args.only || s.name.includes(args.only))
  const started = Date.now()
  const failures: string[] = []
  let checked = 0
  try {
    server = await startServer({ dataDir, built: true, env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, readyTimeoutMs: 180_000 })
    const { origin } = server
    const ids = await demoIds(origin)
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--remote-debugging-port=0',
        // Only the panel itself answers (the demo pictures are named by localhost): anything that
        // still reached for another host fails at once instead of holding the page busy.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    })
    for (const size of sizes) {
      for (const who of ['visitor', 'admin'] as Who[]) {
        const page = await freshPage(browser, size)
        if (who === 'admin') await signInThroughForm(page, origin)
        for (const screen of screens.filter((s) => s.who === who && (s.width ?? size.width) === size.width)) {
          const label = `${String(size.width).padStart(4)}  ${screen.name}`
          let problems: string[]
          const screenStarted = Date.now()
          try {
            problems = await checkScreen(page, origin, ids, screen, size.width)
          } catch (err) {
            problems = [`could not be checked: ${(err as Error).message.split('\n')[0]}`]
          }
          checked++
          const seconds = ((Date.now() - screenStarted) / 1000).toFixed(1)
          console.info(`${problems.length ? 'FAIL' : 'ok  '}  ${label}  (${seconds} s)`)
          for (const line of problems) console.info(`        ${line}`)
          if (problems.length) failures.push(label.trim())
        }
        await page.browserContext().close()
      }
    }
    if (args.lighthouse) {
      for (const { line, passed } of await lighthouseScores(browser, origin, ids)) {
        checked++
        console.info(line)
        if (!passed) failures.push(line.slice(6))
      }
    }
  } finally {
    await stop()
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  console.info(`\n${checked - failures.length} of ${checked} checks passed, ${failures.length} failed (${seconds} s)`)
  for (const failure of failures) console.info(`  failed: ${failure}`)
  process.exitCode = failures.length ? 1 : 0
}

main().catch(async (err: unknown) => {
  await stop()
  exitWith(`The screen check could not run: ${(err as Error).stack ?? String(err)}`)
})
