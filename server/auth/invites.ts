import { INVITE_TTL_MS } from '../../contract'
import { addMs } from '../clock'
import type { Db } from '../db/client'
import { adminInvites } from '../db/schema'
import { newSecret, sha256 } from './tokens'

/**
 * Invitations to set a first password (docs/DECISIONS.md, Accounts and sign-in). The token travels in a link
 * (`/accept-invite?token=...`); only its sha256 is stored. One live invitation per admin: a
 * new one replaces the old, whose link then stops working.
 */
export async function issueInvite(db: Db, adminId: string, now: Date, ttlMs = INVITE_TTL_MS): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret()
  const fresh = { tokenHash: sha256(token), createdAt: now, expiresAt: addMs(now, ttlMs), usedAt: null }
  await db
    .insert(adminInvites)
    .values({ adminId, ...fresh })
    .onConflictDoUpdate({ target: adminInvites.adminId, set: fresh })
  return { token, expiresAt: fresh.expiresAt }
}

/** The link an invitation mail carries. */
export const inviteLink = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, '')}/accept-invite?token=${encodeURIComponent(token)}`

export const inviteMail = (name: string, link: string, expiresAt: Date) => ({
  subject: 'You are invited to Petcare Admin',
  text: [
    `Hello ${name},`,
    '',
    'An account on Petcare Admin has been created for you. Open this link to set your password:',
    link,
    '',
    `The link works once and expires on ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC (in ${INVITE_TTL_MS / 3_600_000} hours).`,
    'If you did not expect this invitation, you can ignore this email.',
  ].join('\n'),
})
