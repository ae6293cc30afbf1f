import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { z } from 'zod'
import * as contract from '../../contract'
import { API_PREFIX, EMAIL_PATTERN, MSG } from '../../contract'
import { createApp } from '../../server/app'
import type { Db } from '../../server/db/client'
import type { Mailer } from '../../server/mail/mailer'
import type { Storage } from '../../server/storage/storage'
import { VALIDATED_INPUT, type ValidatedInput } from '../../server/http/validate'
import { errorOf } from './helpers/bodies'
import { manualClock } from './helpers/manual-clock'
import { testApp } from './helpers/test-app'

/**
 * No client text costs the server time: every field of every schema a client can send to is
 * refused quickly when given ~100 kB of text built to make patterns backtrack, because a length
 * cap that stops the field's other checks runs before any pattern. The schemas are found, not
 * listed: every `validate` of the app's routes, and every request-shaped export of the contract
 * (for the few calls that parse their input themselves), so a new schema or field is covered the
 * day it is added, and one without a cap fails here.
 */

// ---------------------------------------------------------------------------------------------
// Finding the inputs

interface InputSchema {
  /** 'POST /api/v1/admin/login json' or 'contract loginSchema'. */
  name: string
  schema: z.core.$ZodType
}

/** Hono wraps a sub-app's handlers when mounting them; the original is kept under this name. */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER'

function validatedInputOf(handler: unknown): ValidatedInput | undefined {
  let h = handler as Record<string, unknown> | undefined
  while (typeof h === 'function') {
    const found = h[VALIDATED_INPUT] as ValidatedInput | undefined
    if (found) return found
    h = h[COMPOSED_HANDLER] as Record<string, unknown> | undefined
  }
  return undefined
}

/** Route factories only keep their deps for later: none is used while the routes are built. */
const routeTable = createApp({
  db: {} as Db,
  storage: {} as Storage,
  mailer: {} as Mailer,
  clock: manualClock(),
}).routes

const routeInputs: InputSchema[] = routeTable.flatMap(({ method, path, handler }) => {
  const input = validatedInputOf(handler)
  return input ? [{ name: `${method} ${path} ${input.target}`, schema: input.schema }] : []
})

/** The contract names what a client sends ...Schema, ...Body, ...Query, ...Param or ...Request. */
const REQUEST_NAME = /(?:Schema|Body|Query|Param|Request)$/
/** What the server sends, though named like a request. */
const SERVER_SENT = new Set(['errorBody'])
const contractInputs: InputSchema[] = Object.entries(contract).flatMap(([name, value]) =>
  REQUEST_NAME.test(name) && !SERVER_SENT.has(name) && value instanceof z.core.$ZodType
    ? [{ name: `contract ${name}`, schema: value }]
    : [],
)

const inputs = [...routeInputs, ...contractInputs]

/** A leaf of an input: where a client puts a value, and the schema that reads it. */
interface Leaf {
  path: (string | number)[]
  schema: z.core.$ZodType
}

type Def = { type: string } & Record<string, unknown>
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def

/** Every leaf of a schema, on the input side (a pipe's first half, a wrapper's inner schema). */
function leavesOf(schema: z.core.$ZodType, path: (string | number)[] = []): Leaf[] {
  const def = defOf(schema)
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([key, field]) => leavesOf(field, [...path, key]))
    case 'array':
      return leavesOf(def.element as z.core.$ZodType, [...path, 0])
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return leavesOf(def.innerType as z.core.$ZodType, path)
    case 'pipe':
      return leavesOf(def.in as z.core.$ZodType, path)
    case 'union': {
      const options = def.options as z.core.$ZodType[]
      const nested = options.filter((o) => ['object', 'array'].includes(defOf(o).type))
      return nested.length > 0 ? options.flatMap((o) => leavesOf(o, path)) : [{ path, schema }]
    }
    default:
      return [{ path, schema }]
  }
}

/** The body that carries `value` at `path`, every other field left out. */
function carrying(path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  return typeof head === 'number' ? [carrying(rest, value)] : { [head!]: carrying(rest, value) }
}

// ---------------------------------------------------------------------------------------------
// What a string field must look like

type Check = { _zod: { def: { check: string; abort?: boolean; maximum?: number; format?: string } } }
const checksOf = (schema: z.core.$ZodType) => ((defOf(schema).checks ?? []) as Check[]).map((c) => c._zod.def)

/** Checks that only measure or rewrite the text in one pass (trim, lower case). */
const LENGTH_CHECKS = new Set(['overwrite', 'min_length', 'max_length', 'length_equals'])
/** Fixed-shape formats whose own pattern stops within a few dozen characters of any text. */
const BOUNDED_FORMATS = new Set(['uuid', 'date'])

/**
 * Why a string leaf is not safe, or undefined: it needs a length cap that stops the field's
 * later checks (`abort`), before any check that reads the text (a pattern, a URL, a refine).
 */
function unsafeString(schema: z.core.$ZodType): string | undefined {
  const def = defOf(schema)
  if (typeof def.format === 'string' && BOUNDED_FORMATS.has(def.format)) return undefined
  const checks = checksOf(schema)
  const capAt = checks.findIndex((c) => c.check === 'max_length' && c.abort === true)
  if (capAt === -1) return 'no length cap that aborts (.max(n, { abort: true }))'
  const readerAt = checks.findIndex((c) => !LENGTH_CHECKS.has(c.check))
  if (readerAt !== -1 && readerAt < capAt) return `a ${checks[readerAt]!.format ?? checks[readerAt]!.check} check runs before the length cap`
  return undefined
}

const capOf = (schema: z.core.$ZodType) => Math.max(0, ...checksOf(schema).map((c) => (c.check === 'max_length' ? (c.maximum ?? 0) : 0)))

// ---------------------------------------------------------------------------------------------
// The texts

const TEXT_LENGTH = 100_000

/**
 * Long runs of the delimiters our patterns split on, each ending in a character that makes the
 * match fail at the very end (the worst case of a backtracking pattern). Trimming cannot shorten
 * them: they start and end with a visible character.
 */
const adversarialTexts = (length: number): Record<string, string> => ({
  'email dots': `a@${'.'.repeat(length)}@`,
  'email alternating': `a@${'a.'.repeat(length / 2)}@`,
  'at signs': `${'a@'.repeat(length / 2)} x`,
  spaces: `a${' '.repeat(length)}!`,
  'url without end': `http://${'a'.repeat(length)} x`,
  'password classes': `${'aA1!'.repeat(length / 4)} x`,
  digits: `${'1'.repeat(length)}x`,
  'unicode letters': `${'é'.repeat(length)}!`,
})

/** The product's own limits stay: a field may take more than 100 kB (a CMS page), then it gets more. */
const textLengthFor = (leaf: Leaf) => Math.max(TEXT_LENGTH, capOf(leaf.schema) + 2)

const LIMIT_MS = 50

interface Measure {
  field: string
  text: string
  ms: number
}

/** The time to refuse `value` at `path`, in ms: the best of a few runs, so a pause of the machine is not read as the schema's cost. */
async function timeRefusal(schema: z.core.$ZodType, path: (string | number)[], value: string): Promise<{ ms: number; refused: boolean }> {
  let best = Number.POSITIVE_INFINITY
  let refused = false
  for (let run = 0; run < 3; run++) {
    const started = performance.now()
    const result = await z.safeParseAsync(schema, carrying(path, value))
    const ms = performance.now() - started
    best = Math.min(best, ms)
    refused = !result.success && result.error.issues.some((issue) => issue.path.join('.') === path.join('.'))
    // Only a slow answer is measured again; a quadratic pattern is slow every time.
    if (ms < LIMIT_MS || best > 20 * LIMIT_MS) break
  }
  return { ms: best, refused }
}

const measures: Measure[] = []

afterAll(() => {
  if (measures.length === 0) return
  const slowest = measures.reduce((a, b) => (b.ms > a.ms ? b : a))
  const fields = new Set(measures.map((m) => m.field)).size
  console.info(
    `adversarial input: ${fields} fields of ${inputs.length} input schemas, ${measures.length} texts; ` +
      `slowest refusal ${slowest.ms.toFixed(2)} ms (${slowest.field}, ${slowest.text})`,
  )
})

describe('every field a client sends to', () => {
  it('finds the schemas of the routes and of the contract', () => {
    // Dozens of routes validate; a handful would mean the routes are no longer found.
    expect(routeInputs.length).toBeGreaterThan(40)
    expect(routeInputs.map((i) => i.name)).toEqual(
      expect.arrayContaining(['POST /api/v1/admin/login json', 'POST /api/v1/admin/send-otp json', 'POST /api/v1/admin/verify-otp json']),
    )
    expect(contractInputs.map((i) => i.name)).toContain('contract uploadRequest')
  })

  it.each(inputs.map((input) => [input.name, input] as const))('%s: every text field is capped before its patterns', (_, input) => {
    const problems = leavesOf(input.schema)
      .filter((leaf) => defOf(leaf.schema).type === 'string')
      .flatMap((leaf) => {
        const problem = unsafeString(leaf.schema)
        return problem ? [`${leaf.path.join('.') || '(body)'}: ${problem}`] : []
      })
    expect(problems).toEqual([])
  })

  it.each(inputs.map((input) => [input.name, input] as const))(
    `%s: ~100 kB of adversarial text in any field is refused in under ${LIMIT_MS} ms`,
    async (_, input) => {
      const leaves = leavesOf(input.schema)
      expect(leaves.length).toBeGreaterThan(0)
      const failures: string[] = []
      for (const leaf of leaves) {
        // A JSON body sends non-text fields text too: the type check must refuse it just as fast.
        const field = `${input.name} ${leaf.path.join('.') || '(body)'}`
        for (const [text, value] of Object.entries(adversarialTexts(textLengthFor(leaf)))) {
          const { ms, refused } = await timeRefusal(input.schema, leaf.path, value)
          measures.push({ field, text, ms })
          if (!refused) failures.push(`${field}: "${text}" is accepted`)
          if (ms >= LIMIT_MS) failures.push(`${field}: "${text}" took ${ms.toFixed(1)} ms`)
          if (ms > 20 * LIMIT_MS) break // one stall is proof enough; do not wait for the others
        }
      }
      expect(failures).toEqual([])
    },
  )
})

describe('the email check', () => {
  /** The product's pattern as first written (it backtracks): the linear one must accept exactly what it did. */
  const SPEC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

  it('accepts exactly what the first, backtracking pattern accepts (every text of up to 7 characters of a . @ and space)', () => {
    const alphabet = ['a', '.', '@', ' ']
    let checked = 0
    const differ: string[] = []
    const visit = (text: string) => {
      checked++
      if (EMAIL_PATTERN.test(text) !== SPEC_EMAIL.test(text)) differ.push(JSON.stringify(text))
      if (text.length < 7) alphabet.forEach((ch) => visit(text + ch))
    }
    visit('')
    expect(checked).toBeGreaterThan(20_000)
    expect(differ).toEqual([])
  })

  it('keeps its message for an address that is too long', () => {
    const result = contract.emailSchema.safeParse({ email: `${'a'.repeat(250)}@example.com` })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => i.message)).toEqual([MSG.email])
  })
})

// ---------------------------------------------------------------------------------------------
// Over HTTP

/** ~100 kB of email that fits in a JSON body under the body limit, so the validator reads it. */
const HUGE_EMAIL = `a@${'.'.repeat(TEXT_LENGTH - 3)}@`

describe('a huge email over HTTP', () => {
  it.each([
    ['/admin/login', { email: HUGE_EMAIL, password: 'Admin@123' }],
    ['/admin/send-otp', { email: HUGE_EMAIL }],
    ['/admin/verify-otp', { email: HUGE_EMAIL, otp: '123456' }],
  ])('POST %s answers 400 "Please enter valid Email"', async (path, body) => {
    const t = await testApp()
    const error = await errorOf(await t.post(path, body), 400)
    expect(error.error.fields).toMatchObject({ email: MSG.email })
  })

  it('does not hold up a request to another route sent at the same time', async () => {
    const t = await testApp()
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
    try {
      if (!server.listening) await once(server, 'listening')
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_PREFIX}`
      const timed = async (path: string, init?: RequestInit) => {
        const started = performance.now()
        const res = await fetch(`${base}${path}`, init)
        await res.arrayBuffer()
        return { status: res.status, ms: performance.now() - started }
      }
      const postJson = (path: string, body: unknown) =>
        timed(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

      await timed('/cms-faqs') // warm up: the first call compiles the route and its query
      const baseline = Math.min(...(await Promise.all([timed('/cms-faqs'), timed('/cms-faqs')])).map((r) => r.ms))

      // The huge emails go first; the FAQ call follows at once, on its own connection.
      const attacks = [
        postJson('/admin/login', { email: HUGE_EMAIL, password: 'Admin@123' }),
        postJson('/admin/send-otp', { email: HUGE_EMAIL }),
        postJson('/admin/verify-otp', { email: HUGE_EMAIL, otp: '123456' }),
      ]
      const bystander = await timed('/cms-faqs')
      const answered = await Promise.all(attacks)

      console.info(`while 3 huge emails were refused: GET /cms-faqs ${bystander.ms.toFixed(1)} ms (alone ${baseline.toFixed(1)} ms)`)
      expect(answered.map((r) => r.status)).toEqual([400, 400, 400])
      expect(bystander.status).toBe(200)
      // A backtracking check holds every request for seconds; the headroom is for a busy machine.
      expect(bystander.ms).toBeLessThan(Math.max(1000, baseline * 10))
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('hostile paths and query strings', () => {
  /** About what Node lets through in a request line (its header limit is 16 kB). */
  const SIZE = 16_000
  const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length))

  /** The best of a few runs of one request, in ms. */
  async function bestRequestMs(request: () => Response | Promise<Response>, expectedStatus: number): Promise<number> {
    let best = Number.POSITIVE_INFINITY
    for (let i = 0; i < 3 && best >= 200; i++) {
      const started = performance.now()
      const res = await request()
      await res.arrayBuffer()
      best = Math.min(best, performance.now() - started)
      expect(res.status).toBe(expectedStatus)
    }
    return best
  }

  it.each([
    ['ampersands', fill('&')],
    ['percent signs', fill('%')],
    ['keys and equals signs', fill('a=')],
    ['one key repeated', fill('petId=x&')],
    ['secret names', fill('password-')],
    ['encoded bytes', fill('%ff')],
  ])('answers a query string of %s quickly', async (_, query) => {
    const t = await testApp()
    const ms = await bestRequestMs(() => t.app.request(`${API_PREFIX}/pet/petbyid?${query}`), 400)
    // Measured in single milliseconds; a backtracking parser or log pattern takes seconds here.
    expect(ms).toBeLessThan(500)
  })

  it.each([
    ['secret names joined by dashes', fill('password-')],
    ['dots and slashes', fill('./')],
    ['encoded bytes', fill('%2e')],
  ])('answers a path of %s quickly (it is written to the access log)', async (_, path) => {
    const t = await testApp()
    const ms = await bestRequestMs(() => t.app.request(`${API_PREFIX}/${path}`), 404)
    expect(ms).toBeLessThan(500)
  })
})
