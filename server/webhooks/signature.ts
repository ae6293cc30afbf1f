import { createHmac, randomBytes, randomUUID } from 'node:crypto'

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, "Signature scheme"): the secret is
 * `whsec_` + base64 of its key bytes; the signed content is `${webhook-id}.${webhook-timestamp}.${body}`;
 * the signature is `v1,` + base64 of its HMAC-SHA256 under the key, and the header holds one or
 * more of them separated by spaces.
 */

export const SECRET_PREFIX = 'whsec_'
/** 32 random bytes: the specification asks for 24 to 64. */
const SECRET_BYTES = 32

export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64')

/** A message id: the same for every attempt of one event at one endpoint, so receivers can drop repeats. */
export const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`

const keyOf = (secret: string) => Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64')

/** The `webhook-signature` value for one secret. */
export function webhookSignature(secret: string, eventId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${eventId}.${timestampSeconds}.${body}`).digest('base64')
  return `v1,${mac}`
}

/** The three headers of one attempt, signed with each of the endpoint's secrets (the current one first). */
export function signedHeaders(secrets: readonly string[], eventId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000)
  return {
    'content-type': 'application/json',
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => webhookSignature(secret, eventId, timestamp, body)).join(' '),
  }
}
