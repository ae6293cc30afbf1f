import type { ImageMimeType } from '../../contract'

/** How many leading bytes `looksLike` needs to decide for any type. */
export const SNIFF_BYTES = 12

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/**
 * Whether a file's first bytes (at least SNIFF_BYTES of them, or the whole file if shorter)
 * are those of the declared type: JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, WEBP
 * `RIFF....WEBP`, GIF `GIF87a` / `GIF89a`.
 */
export function looksLike(type: ImageMimeType, head: Uint8Array): boolean {
  switch (type) {
    case 'image/jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff])
    case 'image/png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    case 'image/webp':
      return startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)
    case 'image/gif':
      return startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))
  }
}
