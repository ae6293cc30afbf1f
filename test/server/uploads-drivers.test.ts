import { createHmac } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UPLOAD_LINK_TTL_MS, UPLOAD_RULES, uploadResult } from '../../contract'
import { createApp } from '../../server/app'
import { ConfigError, loadConfig } from '../../server/config'
import { s3Storage, type S3StorageOptions } from '../../server/storage/s3'
import { loadOrCreateUploadSecret } from '../../server/storage/secret'
import { TEST_ADMIN } from './helpers/accounts'
import { okBody } from './helpers/bodies'
import { testApp } from './helpers/test-app'

const credentials = { accessKeyId: 'AKIDTESTEXAMPLE', secretAccessKey: 'test-secret-access-key' }
const s3 = (options: Partial<S3StorageOptions> = {}) => s3Storage({ bucket: 'petcare-uploads', region: 'eu-west-1', credentials, ...options })
const target = (maxBytes = UPLOAD_RULES.place.maxBytes) => ({
  key: 'place/2025/03/0b7d4c1e-5a8f-4e3b-9c2d-1f6e7a8b9c0d.png',
  contentType: 'image/png',
  maxBytes,
  expiresAt: new Date(Date.now() + UPLOAD_LINK_TTL_MS),
})
const policyOf = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] }

/** SigV4's signing key for a POST policy: the chain of HMACs over date, region and service. */
function sigV4(policy: string, date: string, region: string) {
  const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest()
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), 's3'), 'aws4_request')
  return createHmac('sha256', signingKey).update(policy).digest('hex')
}

describe('S3 storage', () => {
  it('signs a presigned POST pinning the bucket, the exact key and type, the size range and the expiry', async () => {
    const signed = await s3().signPost(target())
    const policy = policyOf(signed.fields)
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: 'petcare-uploads' },
        { key: target().key },
        { 'Content-Type': 'image/png' },
        ['content-length-range', 1, UPLOAD_RULES.place.maxBytes],
      ]),
    )
    // No `starts-with` anywhere: every field the form may carry is pinned exactly.
    expect(policy.conditions.filter((c) => Array.isArray(c) && c[0] === 'starts-with')).toEqual([])
    const expiresIn = Date.parse(policy.expiration) - Date.now()
    expect(expiresIn).toBeGreaterThan(UPLOAD_LINK_TTL_MS - 5000)
    expect(expiresIn).toBeLessThanOrEqual(UPLOAD_LINK_TTL_MS + 1000)
    expect(signed.fields).toMatchObject({ key: target().key, 'Content-Type': 'image/png', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' })
  })

  it('signs the policy with SigV4 under the given credentials and region', async () => {
    const { fields } = await s3().signPost(target())
    const [, date, region] = fields['X-Amz-Credential']!.split('/')
    expect(fields['X-Amz-Credential']).toMatch(/^AKIDTESTEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/)
    expect(fields['X-Amz-Signature']).toBe(sigV4(fields.Policy!, date!, region!))
  })

  it("posts to the bucket's URL, so that url + key is the object's URL", async () => {
    const signed = await s3().signPost(target())
    expect(signed.url).toBe('https://petcare-uploads.s3.eu-west-1.amazonaws.com/')
    expect(signed.fileUrl).toBe(signed.url + signed.fields.key)
  })

  it('ends a path-style endpoint URL with a slash, and reads files from S3_PUBLIC_URL when set', async () => {
    const minio = s3({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, publicUrl: 'https://cdn.petcare.test/media/' })
    const signed = await minio.signPost(target())
    expect(signed.url).toBe('http://127.0.0.1:9000/petcare-uploads/')
    expect(signed.fileUrl).toBe(`https://cdn.petcare.test/media/${target().key}`)
  })

  it('signs from POST /common/upload with the folder limit, with no upload endpoint of its own', async () => {
    const t = await testApp()
    const app = createApp({ db: t.db, storage: s3(), mailer: t.mailer, clock: t.clock })
    const login = await app.request('/api/v1/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    })
    const { token } = ((await login.json()) as { data: { token: string } }).data
    const res = await app.request('/api/v1/common/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify([{ fileName: 'me.png', mimeType: 'image/png', folderType: 'profile' }]),
    })
    const { data } = await okBody(res, uploadResult)
    expect(data[0]!.url).toBe('https://petcare-uploads.s3.eu-west-1.amazonaws.com/')
    expect(data[0]!.fields.key).toMatch(/^profile\/2025\/03\/[0-9a-f-]{36}\.png$/)
    expect(policyOf(data[0]!.fields).conditions).toContainEqual(['content-length-range', 1, UPLOAD_RULES.profile.maxBytes])
    expect((await app.request('/uploads/', { method: 'POST' })).status).toBe(404)
  })
})

describe('upload configuration', () => {
  it('uses the disk with no S3 variables, and S3 when S3_BUCKET is set', () => {
    expect(loadConfig({})).toMatchObject({ s3: undefined, uploadSecret: undefined, publicUrl: undefined })
    expect(
      loadConfig({
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.com/',
        PUBLIC_URL: 'https://admin.example.com/',
      }),
    ).toMatchObject({
      publicUrl: 'https://admin.example.com',
      s3: {
        bucket: 'media',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        publicUrl: 'https://cdn.example.com',
      },
    })
  })

  it('refuses a short UPLOAD_SECRET and a PUBLIC_URL that is not http(s)', () => {
    expect(() => loadConfig({ UPLOAD_SECRET: 'short' })).toThrow(ConfigError)
    expect(() => loadConfig({ UPLOAD_SECRET: 'short' })).toThrow(/UPLOAD_SECRET/)
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/)
    expect(loadConfig({ UPLOAD_SECRET: 'x'.repeat(32) }).uploadSecret).toBe('x'.repeat(32))
  })

  it('makes the default upload secret once and keeps it, readable by the owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'petcare-test-secret-'))
    try {
      const path = join(dir, 'data', 'upload-secret')
      const first = loadOrCreateUploadSecret(path)
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      expect(loadOrCreateUploadSecret(path)).toBe(first)
      expect(readFileSync(path, 'utf8').trim()).toBe(first)
      if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
