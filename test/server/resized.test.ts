import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { RESIZED_WIDTHS } from '../../contract'
import { removeUpload, resizedKey, resizedPictures, resizePicture } from '../../server/storage/resized'
import type { Storage } from '../../server/storage/storage'
import { errorOf } from './helpers/bodies'
import { captureLog } from './helpers/captured-log'
import { pngHeaderOf, pngOf } from './helpers/pictures'
import { testApp } from './helpers/test-app'

const KEY = 'profile/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.png'

/** The resized copies of `storage`'s uploads, counting how often pixels are decoded. */
function countingDecodes(storage: Storage, maxFailures?: number) {
  let decodes = 0
  const resize = (bytes: Uint8Array, width: number) => {
    decodes++
    return resizePicture(bytes, width)
  }
  return { pictures: resizedPictures(storage, { resize, maxFailures }), decodes: () => decodes }
}

/** The start of a photo, its last 3 % cut off: the header reads, the pixels end early. */
const cutOff = (png: Uint8Array) => png.subarray(0, Math.floor(png.length * 0.97))

const uploadKey = (folder: string, ext: string) => `${folder}/2026/11/${randomUUID()}.${ext}`

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

  it('removes the copies made before their key kept the extension with their upload too', async () => {
    const t = await testApp()
    await t.storage.put(KEY, await pngOf(800, 600), 'image/png')
    // Named `resized/<width>/<key without its extension>.webp` then.
    const oldNames = RESIZED_WIDTHS.map((w) => `resized/${w}/${KEY.replace(/\.png$/, '')}.webp`)
    const copy = new Uint8Array(await sharp(await pngOf(40, 30)).webp().toBuffer())
    for (const name of oldNames) await t.storage.put(name, copy, 'image/webp')
    await removeUpload(t.storage, KEY)
    for (const key of [KEY, ...oldNames]) expect(await t.storage.get(key), key).toBeUndefined()
  })

  it('decodes an original that cannot be decoded once, however often and at whatever width it is asked for', async () => {
    const t = await testApp()
    await t.storage.put(KEY, cutOff(await pngOf(800, 600)), 'image/png')
    const counted = countingDecodes(t.storage)
    const ask = () => Promise.all(Array.from({ length: 60 }, (_, i) => counted.pictures.get(KEY, RESIZED_WIDTHS[i % RESIZED_WIDTHS.length]!)))
    expect(await ask()).toEqual(Array(60).fill(undefined))
    expect(await ask()).toEqual(Array(60).fill(undefined))
    expect(counted.decodes()).toBe(1)
    // And through the route, a 404.
    expect((await t.app.request(`/resized/320/${KEY}`)).status).toBe(404)
  })

  it("tries a photo again after a failure that says nothing about the file (sharp's timeout, memory), but not after a decode error", async () => {
    const t = await testApp()
    await t.storage.put(KEY, await pngOf(800, 600), 'image/png')
    const failures = [
      { message: 'timeout: 40% complete', retried: true },
      { message: 'vips_malloc: out of memory --- size == 230400000', retried: true },
      { message: 'Input buffer has corrupt header: pngload_buffer: end of stream', retried: false },
      { message: 'VipsJpeg: premature end of JPEG image', retried: false },
    ]
    for (const { message, retried } of failures) {
      let decodes = 0
      // The first decode fails with `message`; any later one works.
      const resize = (bytes: Uint8Array, width: number) => (decodes++ === 0 ? Promise.reject(new Error(message)) : resizePicture(bytes, width))
      const pictures = resizedPictures(t.storage, { resize })
      const { lines } = await captureLog(async () => expect(await pictures.get(KEY, 320), message).toBeUndefined())
      const again = await pictures.get(KEY, 640)
      expect([decodes, again !== undefined], message).toEqual(retried ? [2, true] : [1, false])
      // A failure that is not the file's is logged (a busy machine is worth knowing of); a bad file is not.
      expect(lines.some((line) => JSON.stringify(line).includes(message)), message).toBe(retried)
      await t.storage.remove(resizedKey(KEY, 640))
    }
  })

  it('remembers a bounded number of failed originals, forgetting the oldest first', async () => {
    const t = await testApp()
    const keys = [uploadKey('place', 'png'), uploadKey('place', 'png'), uploadKey('place', 'png')]
    const cut = cutOff(await pngOf(200, 150))
    for (const key of keys) await t.storage.put(key, cut, 'image/png')
    const counted = countingDecodes(t.storage, 2)
    for (const key of keys) await counted.pictures.get(key, 320)
    expect(counted.decodes()).toBe(3)
    // The last two are remembered; the first was forgotten, and is tried once more.
    for (const key of [keys[2]!, keys[1]!, keys[0]!]) await counted.pictures.get(key, 640)
    expect(counted.decodes()).toBe(4)
  })

  it('does not decode a picture whose header says it takes more memory than allowed, though it is within the pixel limit', async () => {
    const t = await testApp()
    // 7700 x 7700 is 59.3 megapixels, under the 60 allowed, but 356 MB at 16-bit RGB.
    await t.storage.put(KEY, pngHeaderOf(7700, 7700), 'image/png')
    const counted = countingDecodes(t.storage)
    for (const width of RESIZED_WIDTHS) expect(await counted.pictures.get(KEY, width)).toBeUndefined()
    expect(counted.decodes()).toBe(0)
    // The start of a smaller one is decoded (and found cut off): it was its size that kept the first from it.
    const smaller = uploadKey('site', 'png')
    await t.storage.put(smaller, pngHeaderOf(2000, 1500), 'image/png')
    expect(await counted.pictures.get(smaller, 320)).toBeUndefined()
    expect(counted.decodes()).toBe(1)
  })

  it('looks a key up before it takes a place in the queue: made-up keys do not crowd out honest first resizes', async () => {
    const t = await testApp()
    const honest = [uploadKey('place', 'png'), uploadKey('place', 'png'), uploadKey('site', 'png')]
    for (const key of honest) await t.storage.put(key, await pngOf(400, 300), 'image/png')
    const madeUp = Array.from({ length: 200 }, () => t.app.request(`/resized/640/${uploadKey('place', 'jpg')}`))
    const first = honest.map((key) => t.app.request(`/resized/640/${key}`))
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200, 200])
    expect((await Promise.all(madeUp)).map((r) => r.status)).toEqual(Array(200).fill(404))
  })

  it("answers 404 for the copy of a file that does not exist, though another extension's does", async () => {
    const t = await testApp()
    const jpg = uploadKey('profile', 'jpg')
    await t.storage.put(jpg, new Uint8Array(await sharp(await pngOf(400, 300)).jpeg().toBuffer()), 'image/jpeg')
    const png = jpg.replace(/\.jpg$/, '.png')
    expect((await t.app.request(`/resized/320/${png}`)).status).toBe(404)
    expect((await t.app.request(`/resized/320/${jpg}`)).status).toBe(200)
    // Its copy made and kept, the other name still has none.
    expect((await t.app.request(`/resized/320/${png}`)).status).toBe(404)
  })
})
