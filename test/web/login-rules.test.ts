import { fieldMessages, loginSchema } from '@contract'
import { EMAIL_MAX, loginBody, loginProblems } from '@contract/credentials'

/**
 * The sign-in form checks its fields without zod (contract/credentials.ts); the server checks the
 * same body with the contract's loginSchema. For every input both must say the same thing, field
 * by field, and agree on what is sent.
 */

const VALID = { email: 'admin@petcare.local', password: 'Admin@123' }
const domain = (length: number) => `${'d'.repeat(length - 4)}.com`

const EMAILS = [
  '',
  ' ',
  '   \t ',
  'admin@petcare.local',
  '  admin@petcare.local  ',
  'ADMIN@PETCARE.LOCAL',
  'a@b.co',
  'admin',
  'admin@',
  '@petcare.local',
  'admin@petcare',
  'admin@.petcare',
  'admin@petcare.',
  'admin@@petcare.local',
  'ad min@petcare.local',
  'admin@pet care.local',
  'admin@petcare..local',
  'admin@a.b.c.d',
  'álvaro@petcare.local',
  `a@${domain(EMAIL_MAX - 2)}`,
  `a@${domain(EMAIL_MAX - 1)}`,
  `  a@${domain(EMAIL_MAX - 2)}  `,
  `a@${'.'.repeat(300)}!`,
]

const PASSWORDS = [
  '',
  '  ',
  'Admin@123',
  '  Admin@123  ',
  'Ab@1',
  'Ab@1234',
  'Ab@12345',
  'Abcdefgh@1234567',
  'Abcdefgh@12345678',
  '  Abcdefgh@1234567  ',
  'abcdefghij',
  'ABCDEFGH@1',
  'abcdefgh@1',
  'Abcdefgh@x',
  'Abcdefgh12',
  'Abcd efg@1',
  'Ábcdefg@1',
  'x'.repeat(1000),
]

/** What the server's schema says first about each field, and the body it would accept. */
function bySchema(values: { email: string; password: string }) {
  const parsed = loginSchema.safeParse(values)
  return parsed.success ? { problems: {}, sent: parsed.data } : { problems: fieldMessages(parsed.error), sent: undefined }
}

/** What the sign-in form says about each field, and the body it sends. */
function byForm(values: { email: string; password: string }) {
  const problems = Object.fromEntries(Object.entries(loginProblems(values)).filter(([, message]) => message !== undefined))
  return { problems, sent: Object.keys(problems).length === 0 ? loginBody(values) : undefined }
}

describe('the sign-in form and loginSchema', () => {
  it.each(EMAILS)('give the same message for the email %j', (email) => {
    const values = { ...VALID, email }
    expect(byForm(values)).toEqual(bySchema(values))
  })

  it.each(PASSWORDS)('give the same message for the password %j', (password) => {
    const values = { ...VALID, password }
    expect(byForm(values)).toEqual(bySchema(values))
  })

  it('give the same messages for every email with every password', () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS) expect(byForm({ email, password })).toEqual(bySchema({ email, password }))
    }
  })
})
