import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import * as zm from 'zod/mini'
import { MSG, type UploadFolder } from '@contract'
import { apiBaseUrl, http, withData } from './http'

/**
 * File uploads (docs/DECISIONS.md, Uploads): POST /common/upload signs one form per file (all files in one
 * call), then each file is posted straight to the storage, in parallel: a multipart form to the
 * signed `url` with every signed field first and the file last, under the name `file`. 200 or 204
 * is success; the file is then at `fileUrl` (`url + fields.key`). Each file ends successful (with a
 * url) or failed (with an errorMessage in the catalogue's words below). Shared infrastructure: any
 * feature uploads through `uploadFiles`, and lists of uploads are kept by `useUploads`.
 */

/** The product's error texts for uploads; `{file}` is the file's name. */
export const UPLOAD_ERROR = {
  signedUrl: (file: string, error: string) => `Failed to get signed URL for ${file}: ${error}`,
  noSignedUrl: (file: string) => `No signed URL received for ${file}`,
  upload: (file: string, message?: string) => (message ? `Failed to upload ${file}: ${message}` : `Failed to upload ${file}`),
  unexpected: (message: string) => `An unexpected error occurred: ${message}`,
  /** Ours: the post was stopped (its image removed, its screen left). */
  cancelled: 'The upload was cancelled.',
} as const

export type UploadOutcome = { status: 'success'; url: string } | { status: 'failed'; errorMessage: string }

export interface UploadOptions {
  /** A file's post progressed: `index` in `files`, `percent` 0 to 100 (0 when its post starts). */
  onProgress?: (index: number, percent: number) => void
  /** A file ended (before the others may have): `index` in `files`. */
  onSettled?: (index: number, outcome: UploadOutcome) => void
  /** Per file (same order as `files`): aborting one stops that file's post only. */
  signals?: ReadonlyArray<AbortSignal | undefined>
}

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
}

/**
 * The MIME type to sign a file for: the browser's type (`image/jpg` read as `image/jpeg`), or,
 * when the browser could not type the file, the one its extension names ('' when unknown).
 */
export function fileMimeType(file: { name: string; type: string }): string {
  const type = file.type.trim().toLowerCase()
  if (type) return type === 'image/jpg' ? 'image/jpeg' : type
  return EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? ''
}

/** Upload progress as a whole percentage, 0 to 100 (0 while the size is unknown). */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0) || !Number.isFinite(loaded)) return 0
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)))
}

/** A signed item read leniently: a missing url is a failure of that file, not of the whole call. */
const signedItem = zm.object({
  url: zm.string().check(zm.minLength(1)),
  fields: zm._default(zm.record(zm.string(), zm.string()), {}),
  fileUrl: zm.optional(zm.string().check(zm.minLength(1))),
})
type SignedTarget = { url: string; fields: Record<string, string>; fileUrl: string }

function signedTarget(raw: unknown): SignedTarget | undefined {
  const item = signedItem.safeParse(raw)
  if (!item.success) return undefined
  const { url, fields, fileUrl } = item.data
  // The product's rule (url + key); the server's fileUrl says the same, or names a CDN in front of the bucket.
  const finalUrl = fileUrl ?? (fields.key ? url + fields.key : undefined)
  return finalUrl ? { url, fields, fileUrl: finalUrl } : undefined
}

/** What the storage said when it refused a post: the contract's JSON error, or S3's XML `<Message>`. */
export function storageMessage(body: string): string | undefined {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)
  if (!body.trim()) return undefined
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown }; message?: unknown }
    return text(json?.error?.message) ?? text(json?.message)
  } catch {
    return text(/<Message>([^<]*)<\/Message>/i.exec(body)?.[1])
  }
}

type PostAnswer = { ok: true } | { ok: false; message?: string }

/**
 * One signed post, by XMLHttpRequest so its progress can be reported. No bearer token and no
 * JSON headers: the storage is not our API, and the browser sets the multipart boundary itself.
 */
function postFile(
  target: SignedTarget,
  file: Blob,
  onProgress: (percent: number) => void,
  signal: AbortSignal | undefined,
): Promise<PostAnswer> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ ok: false, message: UPLOAD_ERROR.cancelled })
    const form = new FormData()
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value)
    form.append('file', file)
    const xhr = new XMLHttpRequest()
    // A relative url (the built-in storage's /uploads/) is the API server's, wherever the API is.
    xhr.open('POST', new URL(target.url, apiBaseUrl).href)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(progressPercent(event.loaded, event.total))
    }
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 204) resolve({ ok: true })
      else resolve({ ok: false, message: storageMessage(xhr.responseText ?? '') })
    }
    xhr.onerror = () => resolve({ ok: false, message: MSG.networkRejection })
    xhr.ontimeout = () => resolve({ ok: false, message: MSG.timeout })
    xhr.onabort = () => resolve({ ok: false, message: UPLOAD_ERROR.cancelled })
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || MSG.fallback
const failed = (errorMessage: string): UploadOutcome => ({ status: 'failed', errorMessage })

/**
 * Upload `files` into `folderType`: one signing call for all of them, then one post per file, in
 * parallel. Resolves (never rejects) with one outcome per file, in the same order.
 */
export async function uploadFiles(
  files: readonly File[],
  folderType: UploadFolder,
  { onProgress, onSettled, signals = [] }: UploadOptions = {},
): Promise<UploadOutcome[]> {
  if (files.length === 0) return []
  const settle = (index: number, outcome: UploadOutcome) => {
    onSettled?.(index, outcome)
    return outcome
  }
  let signed: unknown[]
  try {
    const request = files.map((file) => ({ fileName: file.name, mimeType: fileMimeType(file), folderType }))
    signed = (await http.post('common/upload', withData(zm.array(zm.unknown())), request)).data
  } catch (error) {
    return files.map((file, index) => settle(index, failed(UPLOAD_ERROR.signedUrl(file.name, messageOf(error)))))
  }
  const one = async (file: File, index: number): Promise<UploadOutcome> => {
    try {
      const target = signedTarget(signed[index])
      if (!target) return failed(UPLOAD_ERROR.noSignedUrl(file.name))
      onProgress?.(index, 0)
      const answer = await postFile(target, file, (percent) => onProgress?.(index, percent), signals[index])
      if (!answer.ok) return failed(UPLOAD_ERROR.upload(file.name, answer.message))
      onProgress?.(index, 100)
      return { status: 'success', url: target.fileUrl }
    } catch (error) {
      return failed(UPLOAD_ERROR.unexpected(messageOf(error)))
    }
  }
  return Promise.all(files.map(async (file, index) => settle(index, await one(file, index))))
}

/* ------------------------------------------------------------------------------------------------
 * A list of uploads and their states, for pickers.
 */

export type UploadState =
  | { status: 'pending' }
  | { status: 'uploading'; progress: number }
  | { status: 'success'; url: string }
  | { status: 'failed'; errorMessage: string }

export type UploadItem = UploadState & {
  id: string
  /** The picked file; absent for a file uploaded earlier (a kept url on an edit form). */
  file?: File
  /** An object URL showing the picked file while it uploads; revoked when it is removed. */
  preview?: string
}

/** Items for files uploaded earlier (an edit form's previous images): successful, no file. */
export const uploadedItems = (urls: readonly string[]): UploadItem[] =>
  urls.map((url, index) => ({ id: `uploaded-${index}-${url}`, status: 'success', url }))

/** Some file is still being signed or posted. */
export const uploadsRunning = (items: readonly UploadItem[]) =>
  items.some((item) => item.status === 'pending' || item.status === 'uploading')
/** Some file failed (and was neither retried nor removed). */
export const uploadsFailed = (items: readonly UploadItem[]) => items.some((item) => item.status === 'failed')
/** The urls of every successful item, in order: the kept earlier ones and the new ones. */
export const uploadedUrls = (items: readonly UploadItem[]) =>
  items.flatMap((item) => (item.status === 'success' ? [item.url] : []))

let lastId = 0
const newId = () => `upload-${++lastId}`

const withState = ({ id, file, preview }: Pick<UploadItem, 'id' | 'file' | 'preview'>, state: UploadState): UploadItem => ({
  id,
  ...(file ? { file } : {}),
  ...(preview ? { preview } : {}),
  ...state,
})

const previewOf = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined)
const revoke = (preview: string | undefined) => {
  if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview)
}

export interface UseUploads {
  items: UploadItem[]
  /** Add picked files (already checked) and start uploading them at once, signed together. */
  add: (files: readonly File[]) => void
  /** Upload a failed file again: signed again, since its old form may have expired. */
  retry: (id: string) => void
  /** Drop an item: its post is stopped and its preview released. */
  remove: (id: string) => void
  running: boolean
  failed: boolean
  urls: string[]
}

/**
 * The state of a list of uploads: each item pending, uploading (with progress), successful (with
 * its url) or failed (with its message). Holds its own list, or, given `value` and `onChange`,
 * works on a controlled one (a form field). Leaving the screen stops running posts (those items
 * fail as cancelled) and releases the previews.
 */
export function useUploads(
  folderType: UploadFolder,
  controlled?: { value: UploadItem[]; onChange: (items: UploadItem[]) => void },
): UseUploads {
  const [own, setOwn] = useState<UploadItem[]>([])
  const items = controlled ? controlled.value : own
  const onChange = controlled?.onChange
  // The newest list and listener, for updates that arrive after the render that started them.
  const latest = useRef(items)
  const listener = useRef(onChange)
  useLayoutEffect(() => {
    latest.current = items
    listener.current = onChange
  })
  const posts = useRef(new Map<string, AbortController>())

  const update = (change: (items: UploadItem[]) => UploadItem[]) => {
    const next = change(latest.current)
    latest.current = next
    if (listener.current) listener.current(next)
    else setOwn(next)
  }
  const setState = (id: string, state: UploadState) =>
    update((list) =>
      list.map((item) => {
        if (item.id !== id) return item
        // Progress never overtakes the end: a late event leaves a finished item alone.
        if (state.status === 'uploading' && item.status !== 'pending' && item.status !== 'uploading') return item
        return withState(item, state)
      }),
    )

  const start = (batch: { id: string; file: File }[]) => {
    const controllers = batch.map(({ id }) => {
      const controller = new AbortController()
      posts.current.set(id, controller)
      return controller
    })
    void uploadFiles(
      batch.map((b) => b.file),
      folderType,
      {
        signals: controllers.map((c) => c.signal),
        onProgress: (index, progress) => setState(batch[index]!.id, { status: 'uploading', progress }),
        // Each file shows its end as soon as it comes, not when the slowest of its batch ends.
        onSettled: (index, outcome) => {
          const { id } = batch[index]!
          // A newer attempt (or a removal) owns this item now.
          if (posts.current.get(id) !== controllers[index]) return
          posts.current.delete(id)
          setState(id, outcome.status === 'success' ? outcome : { status: 'failed', errorMessage: outcome.errorMessage })
        },
      },
    )
  }

  useEffect(() => {
    const running = posts.current
    return () => {
      for (const controller of running.values()) controller.abort()
      for (const item of latest.current) revoke(item.preview)
    }
  }, [])

  return {
    items,
    add(files) {
      if (files.length === 0) return
      const added = files.map((file) => ({ id: newId(), file, preview: previewOf(file) }))
      update((list) => [...list, ...added.map((a) => withState(a, { status: 'pending' }))])
      start(added)
    },
    retry(id) {
      const item = latest.current.find((i) => i.id === id)
      if (!item?.file || item.status !== 'failed') return
      setState(id, { status: 'pending' })
      start([{ id, file: item.file }])
    },
    remove(id) {
      posts.current.get(id)?.abort()
      posts.current.delete(id)
      revoke(latest.current.find((i) => i.id === id)?.preview)
      update((list) => list.filter((item) => item.id !== id))
    },
    running: uploadsRunning(items),
    failed: uploadsFailed(items),
    urls: uploadedUrls(items),
  }
}
