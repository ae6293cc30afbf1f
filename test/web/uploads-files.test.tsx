import { act, renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { UPLOAD_MSG } from '@contract'
import { authStore } from '@/lib/auth'
import { progressPercent, storageMessage, uploadFiles, useUploads } from '@/lib/uploads'
import { api, db, fail, ok, sessionFor } from './mocks/db'
import { UPLOAD_URL } from './mocks/handlers/uploads'
import { holdUploadPosts } from './mocks/requests'
import { server } from './mocks/server'

const image = (name: string, type = 'image/png', size = 2_000) => new File([new Uint8Array(size)], name, { type })
const dog = () => image('dog.png')
const cat = () => image('cat.jpg', 'image/jpeg')

/** Let pending promise callbacks and msw's answers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  authStore.signIn(sessionFor('admin'))
  // The HTTP client logs 5xx answers; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('uploadFiles', () => {
  it('signs every file in one call, then posts each to its signed url and gives url + key', async () => {
    const outcomes = await uploadFiles([dog(), cat()], 'place')
    expect(db.uploads.signings).toEqual([
      [
        { fileName: 'dog.png', mimeType: 'image/png', folderType: 'place' },
        { fileName: 'cat.jpg', mimeType: 'image/jpeg', folderType: 'place' },
      ],
    ])
    expect(db.uploads.posts.map((p) => p.key)).toEqual(expect.arrayContaining(['place/1.png', 'place/2.jpg']))
    expect(outcomes).toEqual([
      { status: 'success', url: `${UPLOAD_URL}place/1.png` },
      { status: 'success', url: `${UPLOAD_URL}place/2.jpg` },
    ])
  })

  it('sends the signed fields first and the file last, under the name "file"', async () => {
    await uploadFiles([dog()], 'place')
    expect(db.uploads.posts).toHaveLength(1)
    expect(db.uploads.posts[0]!.names).toEqual(['key', 'Content-Type', 'Policy', 'Signature', 'file'])
  })

  it('puts the picked file itself last in the form it sends', async () => {
    const posts = holdUploadPosts()
    const file = dog()
    const done = uploadFiles([file], 'site')
    await vi.waitFor(() => expect(posts).toHaveLength(1))
    const form = posts[0]!.body
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'Signature', 'file'])
    expect(form.get('key')).toBe('site/1.png')
    expect(form.get('file')).toBeInstanceOf(File)
    expect((form.get('file') as File).name).toBe('dog.png')
    expect((form.get('file') as File).size).toBe(file.size)
    posts[0]!.respond(204)
    expect(await done).toEqual([{ status: 'success', url: `${UPLOAD_URL}site/1.png` }])
  })

  it('posts to the storage without the bearer token and lets the browser set the multipart type', async () => {
    const posts = holdUploadPosts()
    const done = uploadFiles([dog()], 'place')
    await vi.waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]!.method).toBe('POST')
    // The signed url is relative: posted to the API's server (here the page's own origin).
    expect(posts[0]!.url).toBe(new URL(UPLOAD_URL, location.href).href)
    expect(posts[0]!.headers).toEqual({})
    posts[0]!.respond(200)
    await done
  })

  it('reaches the storage with no Authorization header and a multipart body with its boundary', async () => {
    await uploadFiles([dog()], 'place')
    expect(db.uploads.posts[0]!.authorization).toBeNull()
    expect(db.uploads.posts[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/)
  })

  it('sends one post per file, all at once, before any is answered', async () => {
    const posts = holdUploadPosts()
    const done = uploadFiles([dog(), cat(), image('fish.webp', 'image/webp')], 'place')
    await vi.waitFor(() => expect(posts).toHaveLength(3))
    expect(db.uploads.signings).toHaveLength(1)
    expect(posts.map((p) => p.body.get('key'))).toEqual(['place/1.png', 'place/2.jpg', 'place/3.webp'])
    posts.forEach((p) => p.respond(204))
    expect((await done).map((o) => o.status)).toEqual(['success', 'success', 'success'])
  })

  it('signs a file the browser could not type by its extension', async () => {
    await uploadFiles([image('PHOTO.JPG', '')], 'profile')
    expect(db.uploads.signings[0]).toEqual([{ fileName: 'PHOTO.JPG', mimeType: 'image/jpeg', folderType: 'profile' }])
  })

  it('fails every file with "Failed to get signed URL for {file}: {error}" when signing answers 500', async () => {
    server.use(http.post(api('/common/upload'), () => fail('INTERNAL', 'The storage is not reachable')))
    expect(await uploadFiles([dog(), cat()], 'place')).toEqual([
      { status: 'failed', errorMessage: 'Failed to get signed URL for dog.png: The storage is not reachable' },
      { status: 'failed', errorMessage: 'Failed to get signed URL for cat.jpg: The storage is not reachable' },
    ])
    expect(db.uploads.posts).toHaveLength(0)
  })

  it('fails every file with "Failed to get signed URL for {file}: {error}" when the network is down', async () => {
    server.use(http.post(api('/common/upload'), () => HttpResponse.error()))
    expect(await uploadFiles([dog()], 'place')).toEqual([
      {
        status: 'failed',
        errorMessage: 'Failed to get signed URL for dog.png: Network error. Please check your internet connection.',
      },
    ])
  })

  it('fails every file with the server\'s message when signing is refused', async () => {
    server.use(http.post(api('/common/upload'), () => fail('BAD_REQUEST', UPLOAD_MSG.mimeTypeOf('profile'))))
    expect(await uploadFiles([image('dog.gif', 'image/gif')], 'profile')).toEqual([
      { status: 'failed', errorMessage: 'Failed to get signed URL for dog.gif: Only JPG, JPEG or PNG images can be uploaded here' },
    ])
  })

  it('fails a file with "No signed URL received for {file}" when its item has no url, and uploads the others', async () => {
    server.use(
      http.post(api('/common/upload'), () =>
        ok(UPLOAD_MSG.signed, [
          { fields: { key: 'place/7.png' } },
          { url: UPLOAD_URL, fields: { key: 'place/8.jpg', 'Content-Type': 'image/jpeg', Policy: 'p', Signature: 's' } },
        ]),
      ),
      http.post('*/uploads/', () => new HttpResponse(null, { status: 204 })),
    )
    expect(await uploadFiles([dog(), cat()], 'place')).toEqual([
      { status: 'failed', errorMessage: 'No signed URL received for dog.png' },
      { status: 'success', url: `${UPLOAD_URL}place/8.jpg` },
    ])
  })

  it('fails a file with "No signed URL received for {file}" when the answer has no item for it', async () => {
    server.use(http.post(api('/common/upload'), () => ok(UPLOAD_MSG.signed, [])))
    expect(await uploadFiles([dog()], 'place')).toEqual([{ status: 'failed', errorMessage: 'No signed URL received for dog.png' }])
  })

  it('fails with "Failed to upload {file}: {message}" when the storage refuses the post with a message', async () => {
    server.use(http.post('*/uploads/', () => fail('FORBIDDEN', UPLOAD_MSG.expired)))
    expect(await uploadFiles([dog()], 'place')).toEqual([
      { status: 'failed', errorMessage: 'Failed to upload dog.png: The upload link has expired. Please request a new one.' },
    ])
  })

  it('fails with "Failed to upload {file}" when the storage answers 500 without a message', async () => {
    server.use(http.post('*/uploads/', () => new HttpResponse(null, { status: 500 })))
    expect(await uploadFiles([dog()], 'place')).toEqual([{ status: 'failed', errorMessage: 'Failed to upload dog.png' }])
  })

  it('reads the message of an S3 XML error', async () => {
    const posts = holdUploadPosts()
    const done = uploadFiles([dog()], 'place')
    await vi.waitFor(() => expect(posts).toHaveLength(1))
    posts[0]!.respond(403, '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Policy expired.</Message></Error>')
    expect(await done).toEqual([{ status: 'failed', errorMessage: 'Failed to upload dog.png: Policy expired.' }])
  })

  it('fails with "Failed to upload {file}: ..." when the connection drops during the post', async () => {
    server.use(http.post('*/uploads/', () => HttpResponse.error()))
    expect(await uploadFiles([dog()], 'place')).toEqual([
      { status: 'failed', errorMessage: 'Failed to upload dog.png: Network error. Please check your internet connection.' },
    ])
  })

  it('fails with "An unexpected error occurred: {message}" when something breaks unexpectedly', async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        constructor() {
          throw new Error('XMLHttpRequest is not available')
        }
      },
    )
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    expect(await uploadFiles([dog()], 'place')).toEqual([
      { status: 'failed', errorMessage: 'An unexpected error occurred: XMLHttpRequest is not available' },
    ])
  })

  it('stops a post whose signal aborts, leaving the others', async () => {
    const posts = holdUploadPosts()
    const stop = new AbortController()
    const done = uploadFiles([dog(), cat()], 'place', { signals: [stop.signal] })
    await vi.waitFor(() => expect(posts).toHaveLength(2))
    stop.abort()
    posts[1]!.respond(204)
    expect(posts[0]!.aborted).toBe(true)
    expect(await done).toEqual([
      { status: 'failed', errorMessage: 'Failed to upload dog.png: The upload was cancelled.' },
      { status: 'success', url: `${UPLOAD_URL}place/2.jpg` },
    ])
  })

  it('reports each file\'s progress from 0 to 100 as its body is sent', async () => {
    const posts = holdUploadPosts()
    const onProgress = vi.fn()
    const done = uploadFiles([dog(), cat()], 'place', { onProgress })
    await vi.waitFor(() => expect(posts).toHaveLength(2))
    expect(onProgress.mock.calls).toEqual([
      [0, 0],
      [1, 0],
    ])
    posts[1]!.progress(1_000, 4_000)
    posts[1]!.progress(3_000, 4_000)
    posts[1]!.respond(204)
    await settle()
    expect(onProgress.mock.calls.slice(2)).toEqual([
      [1, 25],
      [1, 75],
      [1, 100],
    ])
    posts[0]!.respond(204)
    await done
  })

  it('reports progress through msw too, which sends the whole body at once', async () => {
    const onProgress = vi.fn()
    await uploadFiles([dog()], 'place', { onProgress })
    expect(onProgress.mock.calls.at(0)).toEqual([0, 0])
    expect(onProgress.mock.calls.at(-1)).toEqual([0, 100])
  })

  it('gives no outcome and makes no call for no files', async () => {
    expect(await uploadFiles([], 'place')).toEqual([])
    expect(db.uploads.signings).toHaveLength(0)
  })
})

describe('useUploads', () => {
  it('keeps each file\'s state on its own: pending, uploading, then its url or its message, and retries a failed one', async () => {
    server.use(http.post('*/uploads/', () => fail('CONFLICT', UPLOAD_MSG.exists), { once: true }))
    const { result } = renderHook(() => useUploads('place'))
    act(() => result.current.add([dog()]))
    expect(result.current.items[0]).toMatchObject({ status: 'pending' })
    expect(result.current.running).toBe(true)
    await waitFor(() => expect(result.current.items[0]).toMatchObject({ status: 'failed' }))
    expect(result.current.items[0]).toMatchObject({
      errorMessage: 'Failed to upload dog.png: A file was already uploaded with this link. Please request a new one.',
    })
    expect(result.current.failed).toBe(true)
    act(() => result.current.retry(result.current.items[0]!.id))
    await waitFor(() => expect(result.current.items[0]).toMatchObject({ status: 'success', url: `${UPLOAD_URL}place/2.png` }))
    expect(db.uploads.signings).toHaveLength(2)
    expect(result.current).toMatchObject({ running: false, failed: false, urls: [`${UPLOAD_URL}place/2.png`] })
  })
})

describe('progressPercent', () => {
  it('rounds to a whole percentage between 0 and 100', () => {
    expect(progressPercent(0, 1_000)).toBe(0)
    expect(progressPercent(1, 3)).toBe(33)
    expect(progressPercent(2, 3)).toBe(67)
    expect(progressPercent(1_000, 1_000)).toBe(100)
    expect(progressPercent(1_500, 1_000)).toBe(100)
  })

  it('is 0 while the total is unknown', () => {
    expect(progressPercent(500, 0)).toBe(0)
    expect(progressPercent(500, Number.NaN)).toBe(0)
  })
})

describe('storageMessage', () => {
  it('reads error.message, then message, of a JSON error, and nothing of an empty body', () => {
    expect(storageMessage(JSON.stringify({ isSuccess: false, message: 'a', error: { message: 'b' } }))).toBe('b')
    expect(storageMessage(JSON.stringify({ message: 'a' }))).toBe('a')
    expect(storageMessage('')).toBeUndefined()
    expect(storageMessage('<html>Bad gateway</html>')).toBeUndefined()
  })
})
