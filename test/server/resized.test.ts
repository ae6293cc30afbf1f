import sharp from 'sharp'
import { RESIZED_WIDTHS } from '../../contract'
import { removeUpload, resizedKey } from '../../server/storage/resized'
import type { Storage } from '../../server/storage/storage'
import { errorOf } from './helpers/bodies'
import { testApp } from './helpers/test-app'

const KEY = 'profile/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.png'

/** A photo-like PNG, `width` x `height`: gradients with some grain, so that it is not all one colour. */
async function pngOf(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const grain = (x * 31 + y * 17) % 9 === 0 ? 6 : 0
      pixels[i] = 200 - (y >> 3) + grain
      pixels[i + 1] = 140 + (x >> 4) + grain
      pixels[i + 2] = 60 + ((x + y) >> 4) + grain
    }
  }
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer())
}

const stored = async (storage: Storage, key: string) => {
  const file = await storage.get(key)
  return file && new Uint8Array(await new Response(file.body).arrayBuffer())
}

describe('GET /resized/:width/<key>', () => {
  it('answers an upload scaled to the width as WebP, cached for good, and keeps the copy', async () => {
    const t = await testApp()
    const original = await pngOf(800, 600)
    await t.storage.put(KEY, original, 'image/png')

    const res = await t.app.request(`/resized/640/${KEY}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/webp')
    expect(res.headers.get('Cache-Control')).toContain('immutable')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
    const copy = new Uint8Array(await res.arrayBuffer())
    expect(await sharp(copy).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 })
    expect(copy.byteLength).toBeLessThan(original.byteLength / 2)

    // Kept in the storage: asked again, it is read from there (the original is not needed).
    expect(await stored(t.storage, resizedKey(KEY, 640))).toEqual(copy)
    await t.storage.remove(KEY)
    const again = await t.app.request(`/resized/640/${KEY}`)
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(copy)
  })

  it('never makes a picture larger than it is', async () => {
    const t = await testApp()
    await t.storage.put(KEY, await pngOf(300, 200), 'image/png')
    const res = await t.app.request(`/resized/960/${KEY}`)
    expect(res.status).toBe(200)
    expect(await sharp(new Uint8Array(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 })
  })

  it('makes a copy once when it is asked for many times at once', async () => {
    const t = await testApp()
    await t.storage.put(KEY, await pngOf(800, 600), 'image/png')
    let puts = 0
    const put = t.storage.put.bind(t.storage)
    t.storage.put = async (...args) => {
      puts++
      return put(...args)
    }
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.app.request(`/resized/320/${KEY}`)))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(puts).toBe(1)
  })

  it('answers 400 with the field message for a width not on the list', async () => {
    const t = await testApp()
    await t.storage.put(KEY, await pngOf(800, 600), 'image/png')
    for (const width of ['500', '0', 'big', '6400000000']) {
      const res = await t.app.request(`/resized/${width}/${KEY}`)
      expect((await errorOf(res, 400)).error.fields, width).toEqual({ width: `Width must be one of: ${RESIZED_WIDTHS.join(', ')}` })
    }
  })

  it('answers 404 for no such upload, a key that is not an upload, and a file that is not a picture, and keeps no copy', async () => {
    const t = await testApp()
    await t.storage.put('misc/notes.png', await pngOf(40, 30), 'image/png')
    const garbled = 'site/2026/11/1b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.jpg'
    await t.storage.put(garbled, new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5]), 'image/jpeg')
    for (const key of [KEY, 'misc/notes.png', garbled, `resized/640/${KEY}`, `${KEY}/x`, KEY.toUpperCase()]) {
      const res = await t.app.request(`/resized/640/${key}`)
      expect(res.status, key).toBe(404)
    }
    expect(await t.storage.get(resizedKey(garbled, 640))).toBeUndefined()
  })

  it('goes with its upload: removing an upload removes every copy of it', async () => {
    const t = await testApp()
    await t.storage.put(KEY, await pngOf(800, 600), 'image/png')
    for (const width of [320, 640] as const) expect((await t.app.request(`/resized/${width}/${KEY}`)).status).toBe(200)
    await removeUpload(t.storage, KEY)
    for (const key of [KEY, ...RESIZED_WIDTHS.map((w) => resizedKey(KEY, w))]) expect(await t.storage.get(key), key).toBeUndefined()
  })
})
