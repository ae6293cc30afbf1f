import { z } from 'zod'
import { ROLE } from './enums'
import { listQuery } from './list'
import { LIST_PARAMS } from './list-params'
import { cap } from './validation'

/**
 * The audit log: who did what to what, when, from where, under which request id.
 * Admin only (permission 'audit.read').
 */

/** Every action the server records, in `area.verb` form: the list's action filter offers them. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_in_throttled',
  'auth.sign_out',
  'auth.otp_requested',
  'auth.password_change',
  'auth.password_reset',
  'authz.denied',
  'profile.update',
  'user.block',
  'user.unblock',
  'user.export',
  'petShop.create',
  'petShop.update',
  'petShop.status',
  'petShop.delete',
  'petShop.export',
  'hospital.create',
  'hospital.update',
  'hospital.status',
  'hospital.delete',
  'hospital.export',
  'partner.export',
  'partner.approve',
  'partner.decline',
  'feedback.export',
  'feedback.status',
  'feedback.note',
  'feedback.delete',
  'notification.send',
  'notification.delete',
  'notification.retry',
  'notification.cancel',
  'city.create',
  'city.update',
  'city.delete',
  'site.create',
  'site.update',
  'site.status',
  'site.delete',
  'cms.update',
  'faq.create',
  'faq.update',
  'faq.reorder',
  'faq.delete',
  'trash.restore',
  'trash.purge',
  'audit.export',
  'admin.create',
  'admin.block',
  'admin.unblock',
  'admin.invite_resent',
  // Shared saved views only: personal ones are their owner's own.
  'view.create',
  'view.update',
  'view.delete',
  'auth.invite_accepted',
  // A bulk action's group entry (contract/bulk.ts); each row it changed has its single-row entry too.
  'user.bulk_block',
  'user.bulk_unblock',
  'petShop.bulk_activate',
  'petShop.bulk_deactivate',
  'petShop.bulk_delete',
  'hospital.bulk_activate',
  'hospital.bulk_deactivate',
  'hospital.bulk_delete',
  'site.bulk_activate',
  'site.bulk_deactivate',
  'site.bulk_delete',
  'notification.bulk_delete',
  'feedback.bulk_resolve',
  'feedback.bulk_delete',
  // A bulk delete's Undo: each row it brought back is a 'trash.restore' too.
  'petShop.bulk_restore',
  'hospital.bulk_restore',
  'site.bulk_restore',
  'notification.bulk_restore',
  'feedback.bulk_restore',
] as const
export type AuditActionName = (typeof AUDIT_ACTIONS)[number]

/** The kinds of thing an event's target may be, with their display labels. */
export const auditTargetLabel = {
  user: 'User',
  petShop: 'Pet shop',
  hospital: 'Hospital',
  city: 'City',
  site: 'Site',
  faq: 'FAQ',
  cmsPage: 'CMS page',
  notification: 'Notification',
  feedback: 'Feedback',
  partner: 'Partner request',
  admin: 'Admin',
  view: 'Saved view',
} as const
export type AuditTargetType = keyof typeof auditTargetLabel

export const AUDIT_MSG = {
  listed: 'Audit log fetched successfully',
  actorsListed: 'Admins fetched successfully',
  badDate: 'Enter a date as YYYY-MM-DD',
  fromAfterTo: 'The start date must be on or before the end date',
  badActor: 'Invalid admin id',
  badAction: 'Invalid action',
} as const

const auditRole = z.union([z.literal(ROLE.ADMIN), z.literal(ROLE.SUB_ADMIN)])

export const auditEntry = z.object({
  _id: z.string(),
  /** ISO 8601 UTC. */
  at: z.string(),
  /** The signed-in admin, or the email a sign-in tried (id and role then null); null for nobody. */
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable(), role: auditRole.nullable() }).nullable(),
  action: z.string(),
  /** What the action was done to: its kind ('user', 'petShop', 'site'...), id and a readable label. */
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  address: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  /**
   * How many events the entry stands for: 1, or more for repeated anonymous failures (wrong
   * passwords, refused attempts) of one email and address within an hour, kept as one entry
   * whose detail's `lastAt` says when the last came.
   */
  count: z.number().int().min(1),
})
export type AuditEntry = z.infer<typeof auditEntry>

const isoDay = z.iso.date({ message: AUDIT_MSG.badDate })

/**
 * GET /admin/audit-log and its export: the list kit's query (search over actor email, action
 * and target label), plus an exact action, an actor (admin id) and a range of whole days
 * (YYYY-MM-DD, both inclusive, in UTC).
 */
export const auditListQuery = listQuery({ sortBy: LIST_PARAMS.audit.sortBy })
  .extend({
    action: z
      .string()
      .trim()
      .min(1, AUDIT_MSG.badAction)
      .max(LIST_PARAMS.audit.params.action.maxLength, cap(AUDIT_MSG.badAction))
      .optional(),
    actorId: z.uuid({ message: AUDIT_MSG.badActor }).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { path: ['to'], message: AUDIT_MSG.fromAfterTo })
export type AuditListQuery = z.infer<typeof auditListQuery>

/** GET /admin/audit-log/actors: every admin account, for the actor filter. */
export const auditActor = z.object({ _id: z.string(), name: z.string(), email: z.string(), role: auditRole })
export type AuditActor = z.infer<typeof auditActor>

export const AUDIT_CSV_HEADER = ['Time', 'Actor', 'Role', 'Action', 'Target', 'Address', 'Request id', 'Count'] as const
