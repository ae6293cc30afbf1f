import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** An opaque secret for a bearer session or a reset token: 32 random bytes, base64url. */
export const newSecret = () => randomBytes(32).toString('base64url')

/** Secrets are stored as their sha256 only; a leaked table then opens nothing. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Compares two hex digests without leaking, through timing, how much of them matched. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}
