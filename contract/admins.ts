import * as zm from 'zod/mini'
import { AUTH_MSG } from './auth'
import { ROLE, USER_STATUS } from './enums'

/**
 * Admin accounts: admins (role 1) list, invite, block and unblock admins and sub
 * admins (permission 'admin.manage'). A new account has no password: it gets an invitation
 * mail with a single-use link, valid INVITE_TTL_MS, that sets the first password.
 */

export const INVITE_TTL_MS = 72 * 60 * 60 * 1000

export const adminRole = zm.union([zm.literal(ROLE.ADMIN), zm.literal(ROLE.SUB_ADMIN)])
export const adminStatus = zm.union([zm.literal(USER_STATUS.ACTIVE), zm.literal(USER_STATUS.BLOCKED)])

export const adminRoleLabel = { 1: 'Admin', 2: 'Sub Admin' } as const

export const ADMINS_MSG = {
  listed: 'Admins fetched successfully',
  created: 'Admin created and invitation sent',
  createdMailFailed: 'Admin created, but the invitation email could not be sent. Resend it from the list.',
  blocked: 'Admin blocked successfully',
  unblocked: 'Admin unblocked successfully',
  inviteResent: 'Invitation sent again',
  inviteMailFailed: 'The invitation email could not be sent. Please try again.',
  notFound: 'Admin not found',
  emailTaken: 'An admin with this email already exists',
  selfBlock: 'You cannot block your own account',
  lastAdmin: 'The last active admin cannot be blocked',
  alreadyAccepted: 'This admin has already set a password',
  inviteBlocked: 'Unblock this admin before sending an invitation',
  roleRequired: 'Select a role',
  // The accept-invite screen.
  inviteAccepted: 'Password set successfully. Please sign in.',
  inviteInvalid: 'This invitation link is invalid. Ask an admin to send a new one.',
  inviteExpired: 'This invitation has expired. Ask an admin to send a new one.',
  inviteUsed: 'This invitation has already been used. Sign in, or use Forgot Password.',
  inviteAccountBlocked: AUTH_MSG.blocked,
  inviteMissing: 'Open the link from your invitation email to set your password.',
} as const

/** One admin account as the list shows it. */
export const adminAccount = zm.object({
  _id: zm.string(),
  name: zm.string(),
  email: zm.string(),
  role: adminRole,
  status: adminStatus,
  /** True until the admin has set a password (from the invitation, or a reset). */
  invitePending: zm.boolean(),
  /** When the newest invitation's link stops working, while a password is still to be set. */
  inviteExpiresAt: zm.nullable(zm.string()),
  createdAt: zm.string(),
})
export type AdminAccount = zm.infer<typeof adminAccount>
