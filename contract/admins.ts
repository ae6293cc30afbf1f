import { z } from 'zod'
import { AUTH_MSG } from './auth'
import { ROLE, USER_STATUS } from './enums'
import { listQuery } from './list'
import { LIST_PARAMS } from './list-params'
import { boundedText, cap, emailField, matching, passwordField, profileNameField, requiredText } from './validation'

/**
 * Admin accounts: admins (role 1) list, invite, block and unblock admins and sub
 * admins (permission 'admin.manage'). A new account has no password: it gets an invitation
 * mail with a single-use link, valid INVITE_TTL_MS, that sets the first password.
 */

export const INVITE_TTL_MS = 72 * 60 * 60 * 1000

export const adminRole = z.union([z.literal(ROLE.ADMIN), z.literal(ROLE.SUB_ADMIN)])
export const adminStatus = z.union([z.literal(USER_STATUS.ACTIVE), z.literal(USER_STATUS.BLOCKED)])

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
export const adminAccount = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: adminRole,
  status: adminStatus,
  /** True until the admin has set a password (from the invitation, or a reset). */
  invitePending: z.boolean(),
  /** When the newest invitation's link stops working, while a password is still to be set. */
  inviteExpiresAt: z.string().nullable(),
  createdAt: z.string(),
})
export type AdminAccount = z.infer<typeof adminAccount>

export const adminListQuery = listQuery({
  sortBy: LIST_PARAMS.admins.sortBy,
  /** Roles 1|2 are the filter (status is a column and a sort). */
  filter: z.coerce.number().pipe(adminRole),
})
export type AdminListQuery = z.infer<typeof adminListQuery>

/** POST /admin/admins: the new account. */
export const createAdminSchema = z.strictObject({
  name: profileNameField,
  email: emailField,
  role: z.union([z.literal(ROLE.ADMIN), z.literal(ROLE.SUB_ADMIN)], { error: ADMINS_MSG.roleRequired }),
})
export type CreateAdminInput = z.infer<typeof createAdminSchema>

/** PATCH /admin/admins/{id}/status: block (2) or unblock (1). */
export const adminStatusSchema = z.strictObject({ status: adminStatus })
export type AdminStatusInput = z.infer<typeof adminStatusSchema>

/** POST /admin/accept-invite (public): the invitation's token and the first password. */
export const acceptInviteSchema = z
  .strictObject({ token: requiredText(ADMINS_MSG.inviteInvalid).max(200, cap()), password: passwordField, confirmPassword: boundedText() })
  .refine((v) => v.password === v.confirmPassword, matching('password', 'confirmPassword'))
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>
