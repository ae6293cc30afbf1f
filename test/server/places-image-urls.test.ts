import { tmpdir } from 'node:os'
import { UPLOAD_LINK_TTL_MS, UPLOAD_RULES } from '../../contract'
import { diskStorage } from '../../server/storage/disk'
import { s3Storage, type S3StorageOptions } from '../../server/storage/s3'

/**
 * Place images are stored only when the storage owns their address (`storage.ownsUrl`): what
 * its signPost hands out as fileUrl, and nothing that merely looks close to it.
 */

const KEY = 'place/2025/03/0b7d4c1e-5a8f-4e3b-9c2d-1f6e7a8b9c0d.png'
const target = () => ({
  key: KEY,
  contentType: 'image/png',
  maxBytes: UPLOAD_RULES.place.maxBytes,
  expiresAt: new Date(Date.now() + UPLOAD_LINK_TTL_MS),
})

describe('disk storage', () => {
  const disk = diskStorage(tmpdir())

  it('signs a post to /uploads/ and a file URL relative to the panel, /uploads/<key>, which it owns', async () => {
    const { url, fields, fileUrl } = await disk.signPost(target())
    expect(url).toBe('/uploads/')
    expect(fileUrl).toBe(`/uploads/${KEY}`)
    expect(fileUrl).toBe(url + fields.key)
    expect(disk.fileUrl(KEY)).toBe(fileUrl)
    expect(disk.ownsUrl(fileUrl)).toBe(true)
  })

  it.each([
    ['another host', 'https://img.test/photo.png'],
    ['its path on a host', `http://localhost:3000/uploads/${KEY}`],
    ['its path on another host', `https://evil.example/uploads/${KEY}`],
    ['a protocol-relative host', `//evil.example/uploads/${KEY}`],
    ['/uploads/ below another path', `/media/uploads/${KEY}`],
    ['no key', '/uploads/'],
    ['a parent segment', '/uploads/place/../../secret.png'],
    ['an encoded parent segment', '/uploads/place/%2e%2e/secret.png'],
    ['a hidden segment', '/uploads/.incoming/file.png'],
    ['a doubled slash', `/uploads//${KEY}`],
    ['a query', `/uploads/${KEY}?size=large`],
    ['a fragment', `/uploads/${KEY}#top`],
    ['a script', 'javascript:alert(1)//uploads/x.png'],
    ['a space', '/uploads/place/a b.png'],
  ])('does not own an address with %s', (_what, url) => {
    expect(disk.ownsUrl(url)).toBe(false)
  })
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
