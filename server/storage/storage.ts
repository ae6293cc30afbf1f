/** A stored file, ready to be sent. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>
  size: number
  contentType: string
}

/**
 * Where uploaded files live. The server picks every key (the client's file name never reaches
 * a path); keys are relative paths such as `profile/6f1c....png`. The disk driver is the
 * default; the signed-upload protocol of spec section 7 is built on this in a later issue.
 */
export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredFile | undefined>
  remove(key: string): Promise<void>
}

/** Segments of letters, digits, dot, dash and underscore, none starting with a dot: no `..`, no hidden files. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/

export const isSafeKey = (key: string) => key.length <= 512 && SAFE_KEY.test(key)

/** The types we serve as themselves; anything else is sent as a download-only octet stream. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
}

export const contentTypeOfKey = (key: string) =>
  CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'
