/** A version 4 UUID made of 32 (or more) random hex digits. */
export function uuidOfHex(h: string) {
  const variant = '89ab'[parseInt(h[16]!, 16) & 3]
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}
