import { http, HttpResponse, type HttpHandler } from 'msw'
import { IMAGE_EXTENSION, UPLOAD_MSG, uploadRequest } from '@contract'
import { api, authenticate, db, fail, ok, readBody } from '../db'

/**
 * Uploads as the server does them (server/routes/common-upload.ts, server/storage/disk.ts):
 * POST /common/upload signs one form per file, in order, for the built-in storage at
 * `UPLOAD_URL` (keys like `place/1.png`, fileUrl = url + key); POST /uploads/ takes a signed
 * multipart form (fields first, the file last as `file`) once per key and answers 204.
 *
 * Note: msw reads an XMLHttpRequest's multipart body through undici, which cannot read jsdom's
 * File objects: the post arrives with every entry's name and the fields' values, but the file
 * part is empty of its content and name. So the handler checks names and order, not bytes.
 */
export const UPLOAD_URL = 'http://localhost:3000/uploads/'

/** A stand-in for the signature: the key and type it was made for. */
const sign = (key: string, contentType: string) => `signed:${key}:${contentType}`

export const uploadHandlers: HttpHandler[] = [
  http.post(api('/common/upload'), async ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const files = await readBody(request, uploadRequest)
    if (files instanceof Response) return files
    db.uploads.signings.push(files)
    const data = files.map(({ folderType, mimeType }) => {
      const key = `${folderType}/${++db.uploads.lastKey}.${IMAGE_EXTENSION[mimeType]}`
      db.uploads.signed.add(key)
      const Policy = btoa(JSON.stringify({ key, contentType: mimeType }))
      return { url: UPLOAD_URL, fields: { key, 'Content-Type': mimeType, Policy, Signature: sign(key, mimeType) }, fileUrl: UPLOAD_URL + key }
    })
    return ok(UPLOAD_MSG.signed, data)
  }),

  http.post('*/uploads/', async ({ request }) => {
    const contentType = request.headers.get('Content-Type')
    if (!contentType?.startsWith('multipart/form-data')) return fail('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notMultipart)
    const form = await request.formData()
    const names = [...form.keys()]
    const key = form.get('key')
    db.uploads.posts.push({
      names,
      key: typeof key === 'string' ? key : null,
      authorization: request.headers.get('Authorization'),
      contentType,
    })
    if (!names.includes('file')) return fail('BAD_REQUEST', UPLOAD_MSG.noFile)
    if (names.at(-1) !== 'file') return fail('BAD_REQUEST', UPLOAD_MSG.fileNotLast)
    if (typeof key !== 'string' || !form.get('Policy') || !form.get('Signature')) return fail('FORBIDDEN', UPLOAD_MSG.noPolicy)
    if (form.get('Signature') !== sign(key, String(form.get('Content-Type')))) return fail('FORBIDDEN', UPLOAD_MSG.badSignature)
    if (db.uploads.stored.has(key)) return fail('CONFLICT', UPLOAD_MSG.exists)
    if (!db.uploads.signed.has(key)) return fail('FORBIDDEN', UPLOAD_MSG.badSignature)
    db.uploads.signed.delete(key)
    db.uploads.stored.add(key)
    return new HttpResponse(null, { status: 204 })
  }),
]

/** One post sent through `holdUploadPosts`: what was sent, and the controls of its answer. */
export interface HeldPost {
  method: string
  url: string
  headers: Record<string, string>
  body: FormData
  /** Report progress of the body, as the browser does while sending. */
  progress: (loaded: number, total: number) => void
  /** Answer it (204 by default). */
  respond: (status?: number, body?: string) => void
  /** The connection failed. */
  fail: () => void
  aborted: boolean
}

/**
 * Replace XMLHttpRequest for this test with one whose posts wait for the test to answer, so a
 * test can report progress step by step: msw reports an XMLHttpRequest body's progress only
 * once, at 100%. The signing call (fetch) still goes to the handlers above.
 */
export function holdUploadPosts(): HeldPost[] {
  const posts: HeldPost[] = []
  class HeldXMLHttpRequest {
    status = 0
    responseText = ''
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onabort: (() => void) | null = null
    private method = ''
    private url = ''
    private headers: Record<string, string> = {}
    private held: HeldPost | undefined
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    abort() {
      if (this.held) this.held.aborted = true
      this.onabort?.()
    }
    send(body: FormData) {
      const post: HeldPost = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        aborted: false,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
        respond: (status = 204, text = '') => {
          this.status = status
          this.responseText = text
          this.onload?.()
        },
        fail: () => this.onerror?.(),
      }
      this.held = post
      posts.push(post)
    }
  }
  vi.stubGlobal('XMLHttpRequest', HeldXMLHttpRequest)
  onTestFinished(() => {
    vi.unstubAllGlobals()
  })
  return posts
}
