import { createSign } from 'node:crypto'
import type { Clock } from '../clock'
import type { ServiceAccount } from '../config'
import { Http2Origin } from './http2-origin'

/** The one scope FCM's send call needs. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
/** A signed assertion is good for an hour at most (Google refuses longer). */
const ASSERTION_SECONDS = 3600
/** An access token is replaced this long before it expires, so no request carries one that expires on the way. */
export const TOKEN_REFRESH_BEFORE_MS = 5 * 60 * 1000
const TOKEN_TIMEOUT_MS = 10_000
/**
 * After a failed exchange, callers get its error for this long before the next exchange: a
 * refused key or an unreachable token service is not asked again for every message waiting.
 */
export const TOKEN_FAILURE_HOLD_MS = 10_000

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url')

/**
 * The service account's OAuth2 assertion (RFC 7523): a JWT signed RS256 with its private key,
 * issued by its address for the FCM scope, addressed to its token URI, valid for an hour from `now`.
 */
export function signAssertion(account: ServiceAccount, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000)
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: account.privateKeyId }))
  const claims = base64url(
    JSON.stringify({
      iss: account.clientEmail,
      sub: account.clientEmail,
      aud: account.tokenUri,
      scope: FCM_SCOPE,
      iat,
      exp: iat + ASSERTION_SECONDS,
    }),
  )
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.privateKey)
  return `${header}.${claims}.${base64url(signature)}`
}

/** The access tokens FCM calls carry. */
export interface AccessTokens {
  /** A token valid for a while yet: the kept one, or a new one (one exchange at a time, shared by every caller); a recent exchange's failure again. */
  get(): Promise<string>
  /** FCM refused `token` (401): the next get() exchanges a new one, unless another caller did already. */
  refused(token: string): void
}

/**
 * Exchanges the signed assertion at the service account's token URI for an access token, kept
 * until TOKEN_REFRESH_BEFORE_MS before it expires (by `clock`); a failed exchange is not tried
 * again for TOKEN_FAILURE_HOLD_MS.
 */
export function accessTokens(account: ServiceAccount, clock: Clock): AccessTokens {
  let kept: { token: string; refreshAt: number } | undefined
  let exchanging: Promise<string> | undefined
  let failed: { error: unknown; until: number } | undefined

  const exchange = async (): Promise<string> => {
    const url = new URL(account.tokenUri)
    const origin = new Http2Origin(url.origin)
    try {
      const answer = await origin.request(
        { ':method': 'POST', ':path': `${url.pathname}${url.search}`, 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion: signAssertion(account, clock.now()) }).toString(),
        TOKEN_TIMEOUT_MS,
      )
      let body: { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown } = {}
      try {
        body = JSON.parse(answer.body)
      } catch {
        // not JSON: reported by status below
      }
      if (answer.status !== 200 || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
        const reason = [body.error, body.error_description].filter((x) => typeof x === 'string').join(': ')
        throw new Error(`The push service refused the sign-in (${answer.status}${reason ? `, ${reason.slice(0, 200)}` : ''})`)
      }
      const now = clock.now().getTime()
      kept = { token: body.access_token, refreshAt: now + Math.max(0, body.expires_in * 1000 - TOKEN_REFRESH_BEFORE_MS) }
      failed = undefined
      return body.access_token
    } catch (error) {
      failed = { error, until: clock.now().getTime() + TOKEN_FAILURE_HOLD_MS }
      throw error
    } finally {
      await origin.close()
    }
  }

  return {
    get() {
      const now = clock.now().getTime()
      if (kept && now < kept.refreshAt) return Promise.resolve(kept.token)
      if (failed && now < failed.until) return Promise.reject(failed.error)
      exchanging ??= exchange().finally(() => {
        exchanging = undefined
      })
      return exchanging
    },
    refused(token) {
      if (kept?.token === token) kept = undefined
    },
  }
}
