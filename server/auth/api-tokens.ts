import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { API_TOKEN_HINT_LENGTH, API_TOKEN_PREFIX, type ApiToken, type ApiTokenScope } from '../../contract'
import type { Db } from '../db/client'
import { notify, type Listening } from '../db/notify'
import { admins, apiTokens } from '../db/schema'
import { followChannel, revocableCache, type RevocableCache } from './revocable-cache'
import { newSecret, sha256 } from './tokens'

/**
 * API tokens for machines (docs/DECISIONS.md, API tokens): `pct_` and 32 random bytes, stored as
 * their sha256; looked up per request through a short per-app cache that revocations reach at
 * once in every process, as sessions' (server/auth/revocable-cache.ts).
 */

/** How long a found token is trusted without asking the database again: as sessions. */
export const API_TOKEN_CACHE_MS = 2_000
/** Where token revocations are announced; each notice's payload is a revoked token's id. */
export const API_TOKEN_REVOCATIONS_CHANNEL = 'petcare_api_tokens_revoked'

export type ApiTokenRow = typeof apiTokens.$inferSelect

/** A token as the integration middleware found it: live (not revoked, not expired). */
export interface LiveApiToken {
  id: string
  name: string
  scopes: ApiTokenScope[]
  expiresAt: Date | null
  /** Kept current by the middleware, at most once a minute (shared by the cache's holders). */
  lastUsedAt: Date | null
  firstUsedAt: Date | null
}

export type ApiTokenCache = RevocableCache<LiveApiToken>

const liveColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  firstUsedAt: apiTokens.firstUsedAt,
}

function liveTokenQuery(db: Db) {
  return db
    .select(liveColumns)
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql.placeholder('now'))),
      ),
    )
    .limit(1)
    .prepare('live_api_token')
}

/** An API token cache over `db`, for one app. */
export function apiTokenCache(db: Db): ApiTokenCache {
  let liveToken: ReturnType<typeof liveTokenQuery> | undefined
  return revocableCache<LiveApiToken>({
    async find(tokenHash, now) {
      liveToken ??= liveTokenQuery(db)
      const [row] = await liveToken.execute({ tokenHash, now: now.toISOString() })
      return row
    },
    idsOf: (token) => [token.id],
    expiresAt: (token) => token.expiresAt,
    keepMs: API_TOKEN_CACHE_MS,
  })
}

/** Keeps `cache` in step with the token revocations of every server process on the database of `db`. */
export const followTokenRevocations = (db: Db, cache: ApiTokenCache): Promise<Listening> =>
  followChannel(db, API_TOKEN_REVOCATIONS_CHANNEL, cache)

/** Makes a token; answers its row and its secret, which is never stored nor shown again. */
export async function createApiToken(
  db: Db,
  input: { name: string; scopes: ApiTokenScope[]; expiresAt: Date | null; createdBy: string },
  now: Date,
): Promise<{ row: ApiTokenRow; secret: string }> {
  const secret = `${API_TOKEN_PREFIX}${newSecret()}`
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: input.name,
      // In the contract's order, whatever order they were ticked in.
      scopes: input.scopes,
      tokenHash: sha256(secret),
      hint: secret.slice(-API_TOKEN_HINT_LENGTH),
      createdBy: input.createdBy,
      createdAt: now,
      expiresAt: input.expiresAt,
    })
    .returning()
  return { row: row!, secret }
}

const listColumns = {
  token: apiTokens,
  creator: { id: admins.id, email: admins.email },
}

/** Every token, newest first, with its creator: a handful of rows, never paged. */
export async function listApiTokens(db: Db) {
  return db
    .select(listColumns)
    .from(apiTokens)
    .leftJoin(admins, eq(admins.id, apiTokens.createdBy))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
}

export async function findApiToken(db: Db, id: string) {
  const [found] = await db.select(listColumns).from(apiTokens).leftJoin(admins, eq(admins.id, apiTokens.createdBy)).where(eq(apiTokens.id, id))
  return found
}

/** A token as the list shows it, its status at `now`. */
export function toApiToken({ token, creator }: Awaited<ReturnType<typeof listApiTokens>>[number], now: Date): ApiToken {
  const status = token.revokedAt ? 'revoked' : token.expiresAt && token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active'
  return {
    _id: token.id,
    name: token.name,
    scopes: token.scopes,
    hint: `${API_TOKEN_PREFIX}…${token.hint}`,
    status,
    createdAt: token.createdAt.toISOString(),
    createdBy: creator ? { _id: creator.id, email: creator.email } : null,
    expiresAt: token.expiresAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
  }
}

/**
 * Revokes a token: in `cache`, the revoking app's own, at once, and by notice (sent when the
 * update commits) in every app on the same database. False when it was revoked already.
 */
export async function revokeApiToken(db: Db, cache: ApiTokenCache, id: string, now: Date): Promise<boolean> {
  cache.forget(id) // before and after: no lookup in between stays cached
  const revoked = await db.transaction(async (tx) => {
    const rows = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id })
    if (rows.length > 0) await notify(tx, API_TOKEN_REVOCATIONS_CHANNEL, id)
    return rows.length > 0
  })
  cache.forget(id)
  return revoked
}

/** Notes a use of the token (coarse: the caller writes at most once a minute). */
export async function touchApiToken(db: Db, id: string, now: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, id))
}

/**
 * Marks the token's first use; true for the one request (of any process) that did, which then
 * records it in the audit log.
 */
export async function markFirstUse(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ firstUsedAt: now, lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.firstUsedAt)))
    .returning({ id: apiTokens.id })
  return rows.length > 0
}
