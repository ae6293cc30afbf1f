import * as zm from 'zod/mini'
import { RESIZED_WIDTHS } from './resized'

// Apart from resized.ts, which the public pet page imports without zod.
const WIDTH_TEXTS = RESIZED_WIDTHS.map(String) as [`${(typeof RESIZED_WIDTHS)[number]}`, ...`${(typeof RESIZED_WIDTHS)[number]}`[]]

/** GET /resized/:width/<key>: the width, one of RESIZED_WIDTHS. */
export const resizedParam = zm.object({
  width: zm.enum(WIDTH_TEXTS, { message: `Width must be one of: ${RESIZED_WIDTHS.join(', ')}` }),
})
