import sharp from 'sharp'

/**
 * How large a picture the server opens. Its header says its size before a pixel is decoded
 * (sharp's metadata() reads only that), and pixels alone are not the cost: a 7700 x 7700 PNG at
 * 16 bits per channel is within the pixel limit but takes 356 MB to decode (474 MB with
 * transparency), and can be a file of a few kB. So both are capped, the decoded bytes at what a
 * photo at the pixel limit takes at 8 bits per colour.
 */

/** Larger pictures are refused before decoding (a 50-megapixel camera's photo is within). */
export const MAX_INPUT_PIXELS = 60_000_000
/** 8-bit RGB at the pixel limit: 180 MB. A picture with transparency or 16-bit colour gets fewer pixels. */
export const MAX_DECODED_BYTES = MAX_INPUT_PIXELS * 3

/** Bytes per channel value of libvips' band formats (sharp's `depth`). */
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
}

/** How an upload is decoded: its first frame only, never more pixels than allowed. */
export const PICTURE_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, animated: false } as const

export interface PictureHeader {
  width?: number | undefined
  height?: number | undefined
  channels?: number | undefined
  depth?: string | undefined
}

/** What decoding the picture a header describes would take, in bytes (one frame). */
export const decodedBytesOf = ({ width = 0, height = 0, channels = 4, depth = 'uchar' }: PictureHeader) =>
  width * height * channels * (SAMPLE_BYTES[depth] ?? 8)

/** Whether the picture a header describes is over either limit. */
export const isTooLarge = (header: PictureHeader) =>
  (header.width ?? 0) * (header.height ?? 0) > MAX_INPUT_PIXELS || decodedBytesOf(header) > MAX_DECODED_BYTES

/**
 * The header of the picture in `input` (bytes, or a file's path), read without decoding its
 * pixels; undefined when sharp cannot read one.
 */
export const pictureHeaderOf = (input: Uint8Array | string): Promise<PictureHeader | undefined> =>
  // No pixel limit here: sharp would refuse to read the header of a picture over it, which isTooLarge tells.
  sharp(input, { animated: false, limitInputPixels: false })
    .metadata()
    .catch(() => undefined)
