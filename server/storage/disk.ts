import { createReadStream } from 'node:fs'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { contentTypeOfKey, isSafeKey, type Storage } from './storage'

/**
 * Files on disk under `root` (DATA_DIR/uploads). The content type served is derived from the
 * key's extension, which the server chose from the declared type when it picked the key.
 */
export function diskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Refusing unsafe storage key: ${JSON.stringify(key)}`)
    return join(root, key)
  }
  return {
    async put(key, body) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, body)
    },
    async get(key) {
      if (!isSafeKey(key)) return undefined
      const path = pathOf(key)
      const info = await stat(path).catch(() => undefined)
      if (!info?.isFile()) return undefined
      const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>
      return { body, size: info.size, contentType: contentTypeOfKey(key) }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
