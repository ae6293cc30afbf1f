import { ROLE, type Role } from './enums'

/**
 * The role matrix (docs/DECISIONS.md, Roles), as data: what each named permission lets do and which
 * roles hold it. The server checks it on every route (server/http/auth.ts, `permit`); the SPA
 * hides what a role lacks with the same `can`.
 */

const BOTH = [ROLE.ADMIN, ROLE.SUB_ADMIN] as const
const ADMIN_ONLY = [ROLE.ADMIN] as const

export const PERMISSIONS = {
  /** Read every list, detail and CSV export. */
  read: BOTH,
  /** The signed-in admin's own account: profile, password change, sign-out. */
  'profile.self': BOTH,
  /** Signed upload forms (POST /common/upload), for the image fields of the forms. */
  'upload.sign': BOTH,
  /** Block and unblock pet owners. */
  'user.block': BOTH,
  /** Toggle a pet shop's or hospital's status. */
  'place.status': BOTH,
  /** Add and edit pet shops and hospitals. */
  'place.write': BOTH,
  'place.delete': ADMIN_ONLY,
  /** Set a feedback's status and add internal notes to it. */
  'feedback.handle': BOTH,
  'feedback.delete': ADMIN_ONLY,
  /** Approve or decline a partner request (approving makes a draft pet shop or hospital). */
  'partner.decide': BOTH,
  'notification.send': BOTH,
  'notification.delete': ADMIN_ONLY,
  /** Add and rename cities. */
  'city.write': BOTH,
  'city.delete': ADMIN_ONLY,
  /** Add and edit sites. */
  'site.write': BOTH,
  'site.status': BOTH,
  'site.delete': ADMIN_ONLY,
  /** Save CMS pages (privacy policy, terms, contact us, support). */
  'cms.write': ADMIN_ONLY,
  /** Add, edit, reorder and delete FAQs. */
  'faq.write': ADMIN_ONLY,
  /** Create, block or delete admin accounts. */
  'admin.manage': ADMIN_ONLY,
  /** The audit log and its CSV. */
  'audit.read': ADMIN_ONLY,
  /** Settings > Trash: list, restore (also a toast's Undo) and delete forever. */
  'trash.manage': ADMIN_ONLY,
  /** Add, rename and delete the saved views every admin sees (each admin manages their own). */
  'view.share': ADMIN_ONLY,
  /** Settings > API tokens: list, create and revoke the integration API's tokens. */
  'apiToken.manage': ADMIN_ONLY,
  /** Settings > Webhooks: endpoints, their secrets and delivery logs, Redeliver and Test. */
  'webhook.manage': ADMIN_ONLY,
  /** Settings > Import: pet shops, hospitals, cities and sites from CSV. */
  'import.run': ADMIN_ONLY,
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof PERMISSIONS

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[]

/** Whether `role` holds `permission`; nobody signed in (or an unknown role) holds none. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (role === null || role === undefined) return false
  return (PERMISSIONS[permission] as readonly Role[]).includes(role)
}
