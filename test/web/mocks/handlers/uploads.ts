import { http, HttpResponse, type HttpHandler } from 'msw'
import { IMAGE_EXTENSION, UPLOAD_MSG, uploadRequest } from '@contract'
import { db, fail, ok, route } from '../db'

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
/** Relative to the panel, as the server signs it: the stored file URLs name no host. */
export const UPLOAD_URL = '/uploads/'

/** A stand-in for the signature: the key and type it was made for. */
const sign = (key: string, contentType: string) => `signed:${key}:${contentType}`

export const uploadHandlers: HttpHandler[] = [
  route('post', '/common/upload', { permission: 'upload.sign', body: uploadRequest }, ({ body: files }) => {
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
