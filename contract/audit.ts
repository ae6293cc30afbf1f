import * as zm from 'zod/mini'
import { ROLE } from './enums'

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
  // API tokens: created and revoked by an admin; the first use by the token itself (no actor).
  'apiToken.create',
  'apiToken.first_use',
  'apiToken.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate_secret',
  'webhook.redeliver',
  'webhook.test',
  // A CSV import's group entry (contract/imports.ts); each row it created has its single-row entry too.
  'petShop.import',
  'hospital.import',
  'city.import',
  'site.import',
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
  apiToken: 'API token',
  webhook: 'Webhook',
} as const
export type AuditTargetType = keyof typeof auditTargetLabel

export const AUDIT_MSG = {
  listed: 'Audit log fetched successfully',
  actorsListed: 'Admins fetched successfully',
  badDate: 'Enter a date as YYYY-MM-DD',
  fromAfterTo: 'The start date must be on or before the end date',
  badActor: 'Invalid admin id',
  badAction: 'Invalid action',
  badGroup: 'Invalid bulk action group',
} as const

const auditRole = zm.union([zm.literal(ROLE.ADMIN), zm.literal(ROLE.SUB_ADMIN)])

export const auditEntry = zm.object({
  _id: zm.string(),
  /** ISO 8601 UTC. */
  at: zm.string(),
  /** The signed-in admin, or the email a sign-in tried (id and role then null); null for nobody. */
  actor: zm.nullable(zm.object({ id: zm.nullable(zm.string()), email: zm.nullable(zm.string()), role: zm.nullable(auditRole) })),
  action: zm.string(),
  /** What the action was done to: its kind ('user', 'petShop', 'site'...), id and a readable label. */
  target: zm.nullable(zm.object({ type: zm.string(), id: zm.nullable(zm.string()), label: zm.nullable(zm.string()) })),
  address: zm.nullable(zm.string()),
  requestId: zm.nullable(zm.string()),
  detail: zm.nullable(zm.record(zm.string(), zm.unknown())),
  /**
   * How many events the entry stands for: 1, or more for repeated anonymous failures (wrong
   * passwords, refused attempts) of one email and address within an hour, kept as one entry
   * whose detail's `lastAt` says when the last came.
   */
  count: zm.int().check(zm.gte(1)),
  /**
   * A bulk action's entries share it: the group entry (`user.bulk_block`, its target the kind with
   * no id, labelled with what it came to: contract/bulk.ts bulkGroupLabel) and each changed row's.
   * The list's `group` parameter lists them; null for every other entry.
   */
  group: zm.nullable(zm.string()),
})
export type AuditEntry = zm.infer<typeof auditEntry>

/** GET /admin/audit-log/actors: every admin account, for the actor filter. */
export const auditActor = zm.object({ _id: zm.string(), name: zm.string(), email: zm.string(), role: auditRole })
export type AuditActor = zm.infer<typeof auditActor>

export const AUDIT_CSV_HEADER = ['Time', 'Actor', 'Role', 'Action', 'Target', 'Address', 'Request id', 'Count'] as const
