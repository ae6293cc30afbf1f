import { IMPORT_MSG, UPLOAD_RULES, type ImageMimeType, type UploadFolder } from '../../contract'
import { fetchPublic, OutboundRefused } from '../outbound/public-fetch'
import { looksLike } from './image-type'
import { newUploadKey, type Storage } from './storage'

/** What fetching an image by its address needs. */
export interface ImageByUrlDeps {
  storage: Storage
  /** Whether private and loopback addresses may be fetched (WEBHOOK_ALLOW_PRIVATE: tests, a closed network). */
  allowPrivate: boolean
}

export type ImageByUrl = { ok: true; url: string; key: string } | { ok: false; error: string }

/**
 * Fetches the picture at `url` under the outbound rule (server/outbound/public-fetch.ts: no
 * private address, no redirect, 10 s) and stores it as an upload to `folder` would be: one of
 * the folder's types told by its first bytes (not by what the answer claims), within its size.
 * The stored file's address is what a record keeps, as for an upload through the panel.
 */
export async function storeImageByUrl(deps: ImageByUrlDeps, folder: UploadFolder, url: string, now: Date): Promise<ImageByUrl> {
  const rule = UPLOAD_RULES[folder]
  const refused = (reason: string): ImageByUrl => ({ ok: false, error: IMPORT_MSG.imageFetch(url, reason) })
  let answer
  try {
    answer = await fetchPublic(url, { allowPrivate: deps.allowPrivate, maxBodyBytes: rule.maxBytes })
  } catch (err) {
    return refused(err instanceof OutboundRefused ? err.message : err instanceof Error ? err.message : String(err))
  }
  if (answer.status !== 200) return refused(IMPORT_MSG.imageAnswer(answer.status))
  if (answer.truncated) return refused(IMPORT_MSG.imageTooLarge(rule.maxBytes))
  const type = rule.mimeTypes.find((mime: ImageMimeType) => looksLike(mime, answer.body))
  if (!type) return refused(IMPORT_MSG.imageType(rule.typesLabel))
  const key = newUploadKey(folder, type, now)
  await deps.storage.put(key, answer.body, type)
  return { ok: true, url: deps.storage.fileUrl(key), key }
}
