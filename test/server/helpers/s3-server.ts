import { createHmac, timingSafeEqual } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { freePort } from '../../../scripts/lib/server-process'

/**
 * A real S3-compatible server on loopback (s3rver, files in a temporary folder), with one
 * bucket, for end-to-end tests of the S3 storage driver.
 *
 * s3rver stores what a browser form posts but checks neither its policy nor its signature (its
 * POST handler skips the `Policy` field, and it does not verify SigV4 at all). So uploads reach
 * it through a small front on another loopback port that does what S3 does with a POST form
 * first, after AWS's documented rules (sigv4-HTTPPOSTConstructPolicy, sigv4-authentication-HTTPPOST):
 * the policy's SigV4 signature under the secret key, its expiration, each condition against
 * the form fields (and the file's size for content-length-range), and no field left uncovered.
 * Every other request passes through untouched. The front is this test's own code, not S3's.
 */
export interface LocalS3 {
  /** S3_ENDPOINT: the front (path-style addressing). */
  endpoint: string
  bucket: string
  region: string
  credentials: { accessKeyId: string; secretAccessKey: string }
  /** The forms the front refused, with why (for the test's messages). */
  refusals: string[]
  /** Answer reads in chunks, without Content-Length, as some stores and proxies do. */
  chunkedReads: boolean
  close(): Promise<void>
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } // s3rver's built-in account
const BODY_CAP = 64 * 1024 * 1024

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest()

/** Why AWS would refuse this form, or undefined when it would take it. */
function policyFault(fields: Map<string, string>, fileSize: number, bucket: string, now: Date): string | undefined {
  const encoded = fields.get('policy')
  const signature = fields.get('x-amz-signature')
  const credential = fields.get('x-amz-credential')
  if (!encoded || !signature || !credential) return 'no policy or signature'
  const [accessKeyId, date, region, service, terminal] = credential.split('/')
  if (accessKeyId !== CREDENTIALS.accessKeyId || !date || !region || service !== 's3' || terminal !== 'aws4_request') return 'bad credential'
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${CREDENTIALS.secretAccessKey}`, date), region), 's3'), 'aws4_request')
  const expected = Buffer.from(hmac(signingKey, encoded).toString('hex'))
  const given = Buffer.from(signature.toLowerCase())
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'signature does not match'

  const policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] }
  if (!(Date.parse(policy.expiration) > now.getTime())) return 'policy expired'
  const covered = new Set(['policy', 'x-amz-signature', 'file'])
  for (const condition of policy.conditions) {
    const [op, subject, value]: unknown[] = Array.isArray(condition) ? condition : ['eq', ...Object.entries(condition as object)[0]!]
    if (op === 'content-length-range') {
      if (!(fileSize >= (subject as number) && fileSize <= (value as number))) return `file size ${fileSize} outside ${String(subject)}-${String(value)}`
      continue
    }
    // `{ "key": "x" }` and `["eq", "$key", "x"]` alike; field names are matched case-insensitively.
    const name = String(subject).replace(/^\$/, '').toLowerCase()
    covered.add(name)
    const sent = name === 'bucket' ? bucket : fields.get(name)
    if (op === 'eq' && sent !== value) return `${name} is not ${String(value)}`
    if (op === 'starts-with' && !sent?.startsWith(String(value))) return `${name} does not start with ${String(value)}`
    if (op !== 'eq' && op !== 'starts-with') return `unknown condition ${String(op)}`
  }
  for (const name of fields.keys()) if (!covered.has(name) && !name.startsWith('x-ignore-')) return `extra field ${name}`
  return undefined
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > BODY_CAP) throw new Error('body too large for the test front')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** Starts s3rver and its front on free loopback ports, with `bucket` created. */
export async function startLocalS3(bucket = 'petcare-uploads'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'petcare-s3rver-'))
  const s3rver = new S3rver({ address: '127.0.0.1', port: await freePort(), directory, silent: true, configureBuckets: [{ name: bucket }] })
  const { port: s3Port } = (await s3rver.run()) as { port: number }
  const upstream = `http://127.0.0.1:${s3Port}`
  const refusals: string[] = []
  const local = { refusals, chunkedReads: false }

  const front: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const contentType = req.headers['content-type'] ?? ''
      if (req.method === 'POST' && contentType.startsWith('multipart/form-data')) {
        const form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
        const fields = new Map<string, string>()
        let fileSize = -1
        for (const [name, value] of form) {
          if (typeof value === 'string') fields.set(name.toLowerCase(), value)
          else if (name === 'file') fileSize = value.size
        }
        const pathBucket = decodeURIComponent((req.url ?? '').split('?')[0]!.split('/')[1] ?? '')
        const fault = policyFault(fields, fileSize, pathBucket, new Date())
        if (fault) {
          refusals.push(fault)
          const code = fault.startsWith('file size') ? 'EntityTooLarge' : 'AccessDenied'
          res.writeHead(code === 'EntityTooLarge' ? 400 : 403, { 'Content-Type': 'application/xml' })
          res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>Invalid according to Policy: ${fault}</Message></Error>`)
          return
        }
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name, value]) => typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>
      const answer = await fetch(`${upstream}${req.url}`, {
        method: req.method,
        headers,
        ...(body.length && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}),
      })
      const dropped = ['transfer-encoding', 'connection', ...(local.chunkedReads ? ['content-length'] : [])]
      res.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => !dropped.includes(name))))
      res.end(Buffer.from(await answer.arrayBuffer()))
    })().catch((err: unknown) => {
      res.writeHead(500)
      res.end(String(err))
    })
  })
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done))
  const { port } = front.address() as { port: number }

  return Object.assign(local, {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    credentials: CREDENTIALS,
    async close() {
      front.closeAllConnections()
      await new Promise<void>((done) => front.close(() => done()))
      await s3rver.close()
      rmSync(directory, { recursive: true, force: true })
    },
  })
}
