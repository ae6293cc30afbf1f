import { createHmac, timingSafeEqual } from 'node:crypto'
import { IMAGE_MIME_TYPES, UPLOAD_MSG, type ImageMimeType } from '../../contract'
import { ApiError, forbidden } from '../api-error'
import { contentTypeOfKey, isSafeKey } from './storage'

/**
 * The S3 POST policy (the subset we sign): a JSON document, sent base64-encoded in the form's
 * `Policy` field, that lists what the form may hold; `Signature` is the hex HMAC-SHA256 of that
 * base64 text under the server's upload secret. Nothing in the form counts unless the policy
 * allows it, and nothing in the policy counts unless the signature matches.
 */
export type PolicyCondition = Record<string, string> | ['eq', string, string] | ['content-length-range', number, number]

export interface PostPolicy {
  /** ISO 8601 UTC; the form is refused from then on. */
  expiration: string
  conditions: PolicyCondition[]
}

/** The form fields besides the conditions' own: the policy and its signature. */
export const POLICY_FIELD = 'Policy'
export const SIGNATURE_FIELD = 'Signature'

export const encodePolicy = (policy: PostPolicy) => Buffer.from(JSON.stringify(policy), 'utf8').toString('base64')

export const signPolicy = (encodedPolicy: string, secret: string | Uint8Array) =>
  createHmac('sha256', secret).update(encodedPolicy, 'utf8').digest('hex')

/** The policy of one upload: exact bucket, key and type, 1 byte to `maxBytes`. */
export function uploadPolicy(options: { bucket: string; key: string; contentType: string; maxBytes: number; expiresAt: Date }): PostPolicy {
  return {
    expiration: options.expiresAt.toISOString(),
    conditions: [
      { bucket: options.bucket },
      { key: options.key },
      { 'Content-Type': options.contentType },
      ['content-length-range', 1, options.maxBytes],
    ],
  }
}

/** What a checked form may store. */
export interface AllowedPost {
  key: string
  contentType: ImageMimeType
  minBytes: number
  maxBytes: number
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8')
  const y = Buffer.from(b, 'utf8')
  return x.length === y.length && timingSafeEqual(x, y)
}

function decodePolicy(encoded: string): PostPolicy {
  const badPolicy = forbidden(UPLOAD_MSG.badPolicy)
  let policy: unknown
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))
  } catch {
    throw badPolicy
  }
  const p = policy as Partial<PostPolicy> | null
  if (typeof p !== 'object' || p === null || typeof p.expiration !== 'string' || !Array.isArray(p.conditions)) throw badPolicy
  return p as PostPolicy
}

const isText = (v: unknown): v is string => typeof v === 'string'
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

/**
 * Checks the fields of a received form (everything sent before the file) against its signed
 * policy, as S3 does: 403 for a missing or wrong signature, an expired or unreadable policy, a
 * field that differs from its condition or that no condition covers. Only policies that pin the
 * bucket, the key, an image type and a size range are accepted.
 */
export function checkPostForm(
  fields: ReadonlyMap<string, string>,
  options: { secret: string | Uint8Array; bucket: string; now: Date },
): AllowedPost {
  const encoded = fields.get(POLICY_FIELD)
  const signature = fields.get(SIGNATURE_FIELD)
  if (!encoded || !signature) throw forbidden(UPLOAD_MSG.noPolicy)
  if (!sameText(signature.toLowerCase(), signPolicy(encoded, options.secret))) throw forbidden(UPLOAD_MSG.badSignature)

  const policy = decodePolicy(encoded)
  const expiresAt = Date.parse(policy.expiration)
  if (Number.isNaN(expiresAt)) throw forbidden(UPLOAD_MSG.badPolicy)
  if (options.now.getTime() >= expiresAt) throw forbidden(UPLOAD_MSG.expired)

  const covered = new Set([POLICY_FIELD, SIGNATURE_FIELD])
  const pinned = new Map<string, string>()
  let range: [number, number] | undefined
  const mustEqual = (name: string, value: string) => {
    if (name === 'bucket') {
      // The bucket is the store's; a form may repeat it (S3's own forms do).
      const sent = fields.get(name)
      if (value !== options.bucket || (sent !== undefined && sent !== value)) throw forbidden(UPLOAD_MSG.conditionFailed('bucket'))
    } else if (fields.get(name) !== value) {
      throw forbidden(UPLOAD_MSG.conditionFailed(name))
    }
    covered.add(name)
    pinned.set(name, value)
  }
  for (const condition of policy.conditions as unknown[]) {
    if (Array.isArray(condition)) {
      const [op, a, b] = condition as unknown[]
      if (op === 'eq' && isText(a) && a.startsWith('$') && isText(b)) mustEqual(a.slice(1), b)
      else if (op === 'content-length-range' && isCount(a) && isCount(b) && a <= b) range = [a, b]
      else throw forbidden(UPLOAD_MSG.badPolicy)
    } else if (typeof condition === 'object' && condition !== null) {
      const entries = Object.entries(condition)
      const [entry] = entries
      if (entries.length !== 1 || !entry || !isText(entry[1])) throw forbidden(UPLOAD_MSG.badPolicy)
      mustEqual(entry[0], entry[1])
    } else {
      throw forbidden(UPLOAD_MSG.badPolicy)
    }
  }
  for (const name of fields.keys()) if (!covered.has(name)) throw forbidden(UPLOAD_MSG.extraField(name))

  const key = pinned.get('key')
  const contentType = pinned.get('Content-Type')
  if (!pinned.has('bucket') || key === undefined || contentType === undefined || !range) throw forbidden(UPLOAD_MSG.badPolicy)
  // Belt and braces: our own signer never signs these, so a policy holding them was not ours.
  if (!isSafeKey(key)) throw forbidden(UPLOAD_MSG.unsafeKey)
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(contentType) || contentTypeOfKey(key) !== contentType) {
    throw forbidden(UPLOAD_MSG.badPolicy)
  }
  return { key, contentType: contentType as ImageMimeType, minBytes: range[0], maxBytes: range[1] }
}

/** A file over its policy's size: the post is cut off here, not read to its end. */
export const fileTooLarge = (maxBytes: number) => new ApiError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooLarge(maxBytes))
