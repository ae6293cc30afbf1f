/**
 * The client of bench/sync.ts, in a process of its own (so that making the body and reading the
 * answer is not counted as the server's work): streams N users as NDJSON to the sync URL over a
 * socket, reading the answer as it comes, and tells its parent the answer's status and last line.
 *
 *   (forked by bench/sync.ts) sync-client.ts <url> <token> <prefix> <rows>
 */
import { once } from 'node:events'
import { request } from 'node:http'
import { NDJSON_MEDIA_TYPE } from '../contract/integration'

const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Ava', 'Elijah', 'Sophia', 'Lucas']
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez']

/** The NDJSON of `rows` users, made as it is sent in pieces of about 64 kB. */
function* usersBody(prefix: string, rows: number): Generator<string> {
  let piece = ''
  for (let n = 0; n < rows; n++) {
    const first = FIRST_NAMES[n % 10]!
    const last = LAST_NAMES[Math.floor(n / 10) % 10]!
    piece += `${JSON.stringify({
      externalId: `${prefix}-${n}`,
      username: `${first.toLowerCase()}_${prefix}_${n}`,
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${n}.${prefix}@example.com`,
      mobileNo: String(7_700_900_000 + n),
      countryCode: '+44',
      country: 'GB',
      dateOfBirth: `19${60 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}`,
      address: `${n} High Street, London`,
      profileImage: `https://cdn.example.com/avatars/${n}.jpg`,
    })}\n`
    if (piece.length >= 64 * 1024) {
      yield piece
      piece = ''
    }
  }
  if (piece) yield piece
}

const [url, token, prefix, rows] = process.argv.slice(2) as [string, string, string, string]
const req = request(url, { method: 'POST', headers: { 'Content-Type': NDJSON_MEDIA_TYPE, Authorization: `Bearer ${token}` } })
const answered = new Promise<{ status: number; last: string }>((resolve, reject) => {
  req.on('error', reject)
  req.on('response', (res) => {
    let tail = ''
    res.setEncoding('utf8')
    res.on('data', (text: string) => (tail = (tail + text).slice(-4096)))
    res.on('end', () => resolve({ status: res.statusCode ?? 0, last: tail.trimEnd().split('\n').at(-1) ?? '' }))
  })
})
for (const piece of usersBody(prefix, Number(rows))) if (!req.write(piece)) await once(req, 'drain')
req.end()
process.send!(await answered)
