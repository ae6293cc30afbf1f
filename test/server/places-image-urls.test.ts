import { tmpdir } from 'node:os'
import { UPLOAD_LINK_TTL_MS, UPLOAD_RULES } from '../../contract'
import { diskStorage } from '../../server/storage/disk'
import { s3Storage, type S3StorageOptions } from '../../server/storage/s3'

/**
 * Place images are stored only when the storage owns their address (`storage.ownsUrl`): what
 * its signPost hands out as fileUrl, and nothing that merely looks close to it.
 */

const KEY = 'place/2025/03/0b7d4c1e-5a8f-4e3b-9c2d-1f6e7a8b9c0d.png'
const target = (origin = 'http://localhost') => ({
  key: KEY,
  contentType: 'image/png',
  maxBytes: UPLOAD_RULES.place.maxBytes,
  expiresAt: new Date(Date.now() + UPLOAD_LINK_TTL_MS),
  origin,
})

describe('disk storage without PUBLIC_URL', () => {
  const disk = diskStorage(tmpdir())

  it.each(['http://localhost:3000', 'https://admin.petcare.test', 'http://192.168.1.20:8080'])(
    'owns the file URL it signs for a request to %s',
    async (origin) => {
      const { fileUrl } = await disk.signPost(target(origin))
      expect(fileUrl).toBe(`${origin}/uploads/${KEY}`)
      expect(disk.ownsUrl(fileUrl)).toBe(true)
    },
  )

  it.each([
    ['another path', 'https://img.test/photo.png'],
    ['/uploads/ below another path', `http://localhost/media/uploads/${KEY}`],
    ['no key', 'http://localhost/uploads/'],
    ['a parent segment', 'http://localhost/uploads/place/../../secret.png'],
    ['an encoded parent segment', 'http://localhost/uploads/place/%2e%2e/secret.png'],
    ['a hidden segment', 'http://localhost/uploads/.incoming/file.png'],
    ['a query', `http://localhost/uploads/${KEY}?size=large`],
    ['a fragment', `http://localhost/uploads/${KEY}#top`],
    ['user info', `http://admin@localhost/uploads/${KEY}`],
    ['another scheme', `ftp://localhost/uploads/${KEY}`],
    ['a script', 'javascript:alert(1)//uploads/x.png'],
    ['a relative address', `/uploads/${KEY}`],
    ['a space', `http://localhost/uploads/place/a b.png`],
  ])('does not own an address with %s', (_what, url) => {
    expect(disk.ownsUrl(url)).toBe(false)
  })
})

describe('disk storage with PUBLIC_URL', () => {
  const disk = diskStorage(tmpdir(), { publicUrl: 'https://admin.petcare.test/' })

  it('owns the file URLs it signs, which start with PUBLIC_URL whatever the request', async () => {
    const { fileUrl } = await disk.signPost(target('http://localhost:3000'))
    expect(fileUrl).toBe(`https://admin.petcare.test/uploads/${KEY}`)
    expect(disk.ownsUrl(fileUrl)).toBe(true)
  })

  it.each([`http://localhost:3000/uploads/${KEY}`, `https://evil.example/uploads/${KEY}`, `http://admin.petcare.test/uploads/${KEY}`])(
    'does not own %s',
    (url) => {
      expect(disk.ownsUrl(url)).toBe(false)
    },
  )
})

describe('S3 storage', () => {
  const credentials = { accessKeyId: 'AKIDTESTEXAMPLE', secretAccessKey: 'test-secret-access-key' }
  const s3 = (options: Partial<S3StorageOptions> = {}) =>
    s3Storage({ bucket: 'petcare-uploads', region: 'eu-west-1', credentials, ...options })

  it.each<[string, Partial<S3StorageOptions>]>([
    ['AWS, virtual-hosted', {}],
    ['AWS us-east-1, path style', { region: 'us-east-1', forcePathStyle: true }],
    ['MinIO, path style', { endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }],
    ['an S3-compatible endpoint, virtual-hosted', { region: 'auto', endpoint: 'https://account.r2.cloudflarestorage.com' }],
  ])('owns the file URL it signs (%s)', async (_what, options) => {
    const storage = s3(options)
    const { fileUrl } = await storage.signPost(target())
    expect(storage.ownsUrl(fileUrl)).toBe(true)
    expect(storage.ownsUrl(`${fileUrl}?x-id=GetObject`)).toBe(false)
  })

  it("does not own another bucket's objects or other addresses", () => {
    const storage = s3()
    expect(storage.ownsUrl(`https://petcare-uploads.s3.eu-west-1.amazonaws.com/${KEY}`)).toBe(true)
    expect(storage.ownsUrl(`https://other-bucket.s3.eu-west-1.amazonaws.com/${KEY}`)).toBe(false)
    expect(storage.ownsUrl(`https://petcare-uploads.s3.us-west-2.amazonaws.com/${KEY}`)).toBe(false)
    expect(storage.ownsUrl(`http://localhost/uploads/${KEY}`)).toBe(false)
    expect(storage.ownsUrl('https://petcare-uploads.s3.eu-west-1.amazonaws.com/')).toBe(false)
  })

  it("owns addresses under S3_PUBLIC_URL as well as the bucket's own", async () => {
    const storage = s3({ publicUrl: 'https://cdn.petcare.test/media/' })
    const { fileUrl } = await storage.signPost(target())
    expect(fileUrl).toBe(`https://cdn.petcare.test/media/${KEY}`)
    expect(storage.ownsUrl(fileUrl)).toBe(true)
    expect(storage.ownsUrl(`https://petcare-uploads.s3.eu-west-1.amazonaws.com/${KEY}`)).toBe(true)
    expect(storage.ownsUrl(`https://cdn.petcare.test/${KEY}`)).toBe(false)
    expect(storage.ownsUrl(`https://cdn.petcare.test/media/../${KEY}`)).toBe(false)
  })
})
