import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

/** Text files worth compressing; images, fonts and the like are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/
/** Below this, compression saves less than the headers it costs. */
const COMPRESS_MIN_BYTES = 1024

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each built text file, at the highest levels:
 * done once here, the server sends them as they are (server/spa.ts) instead of compressing every
 * answer. Source maps and Vite's manifest (.vite/) are left alone: they are not served.
 */
export function precompress(): Plugin {
  const brotli = promisify(brotliCompress)
  const gzipped = promisify(gzip)
  return {
    name: 'petcare:precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return
      const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name) && !join(f.parentPath, f.name).includes(`${join(dir, '.vite')}`))
        .map((f) => join(f.parentPath, f.name))
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file)
          if (body.length < COMPRESS_MIN_BYTES) return
          const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length }
          await writeFile(`${file}.br`, await brotli(body, { params }))
          await writeFile(`${file}.gz`, await gzipped(body, { level: 9 }))
        }),
      )
    },
  }
}
