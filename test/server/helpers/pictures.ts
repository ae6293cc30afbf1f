import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A photo-like PNG, `width` x `height`: gradients with some grain, so that it is not all one colour. */
export async function pngOf(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const grain = (x * 31 + y * 17) % 9 === 0 ? 6 : 0
      pixels[i] = 200 - (y >> 3) + grain
      pixels[i + 1] = 140 + (x >> 4) + grain
      pixels[i + 2] = 60 + ((x + y) >> 4) + grain
    }
  }
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer())
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Uint8Array) {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const chunk = Buffer.alloc(8 + data.length + 4)
  chunk.writeUInt32BE(data.length, 0)
  typeAndData.copy(chunk, 4)
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length)
  return chunk
}

/**
 * The start of a 16-bit RGB PNG `width` x `height`: its signature, header and the first rows of
 * its pixels (black), and nothing more, as a cut-off upload of it would be. A few hundred bytes.
 */
export function pngHeaderOf(width: number, height: number) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 16 // bits per channel
  header[9] = 2 // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const firstRows = deflateSync(Buffer.alloc(4 * (1 + width * 6)))
  return new Uint8Array(Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', firstRows)]))
}

