import { z } from 'zod'
import { ROLE } from '../enums'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { boundedText, cap, emailField, matching, passwordField, profileNameField, requiredText } from '../validation'
import { ADMINS_MSG, adminRole, adminStatus } from '../admins'

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
