import type { Permission } from '@contract'
import {
  BellIcon,
  DashboardIcon,
  FeedbackIcon,
  HospitalIcon,
  LockIcon,
  MailIcon,
  MapPinIcon,
  PageIcon,
  PartnerIcon,
  QuestionIcon,
  SendIcon,
  SettingsIcon,
  StoreIcon,
  TrashIcon,
  UsersIcon,
  type Icon,
} from './shell-icons'

/**
 * One entry of a menu. `ready: false` renders the entry as a visibly disabled item ("Coming
 * soon") instead of a link: when a screen lands, flipping its `ready` is the whole change.
 * `sections` are further urls whose pages belong to the entry (Content: /cities/..., /sites/...),
 * so the entry stays highlighted there too. `permission`: shown only to a role holding it.
 */
export type NavItem = {
  id: string
  title: string
  url: string
  icon: Icon
  ready: boolean
  sections?: readonly string[]
  permission?: Permission
}

/** The product's main menu plus Content (docs/DECISIONS.md, Content), the same for both roles. */
export const mainMenu: readonly NavItem[] = [
  { id: 'dashboard', title: 'Dashboard', url: '/dashboard', icon: DashboardIcon, ready: true },
  { id: 'users', title: 'Users', url: '/users', icon: UsersIcon, ready: true },
  { id: 'petshops', title: 'Pet Shops', url: '/pet-shops', icon: StoreIcon, ready: true },
  { id: 'hospitals', title: 'Hospitals', url: '/hospitals', icon: HospitalIcon, ready: true },
  { id: 'notification', title: 'Notifications', url: '/notifications', icon: BellIcon, ready: true },
  { id: 'feedback', title: 'Feedback', url: '/feedback', icon: FeedbackIcon, ready: true },
  { id: 'partner', title: 'Partners', url: '/partners', icon: PartnerIcon, ready: true },
  // One entry so the cities and sites screens can be reached; a city's page
  // and every site page belong to it.
  { id: 'content', title: 'Content', url: '/content-management', icon: MapPinIcon, ready: true, sections: ['/cities', '/sites'] },
  { id: 'settings', title: 'Settings', url: '/settings', icon: SettingsIcon, ready: true },
]

/** The product's secondary (settings) menu, plus Support and the admin-only entries (see below). */
export const settingsMenu: readonly NavItem[] = [
  { id: 'change-password', title: 'Change Password', url: '/settings/change-password', icon: LockIcon, ready: true },
  { id: 'privacy-policy', title: 'Privacy Policy', url: '/settings/privacy-policy', icon: PageIcon, ready: true },
  { id: 'faqs', title: "FAQ's", url: '/settings/faqs', icon: QuestionIcon, ready: true },
  { id: 'tacs', title: 'Terms & Conditions', url: '/settings/terms-and-conditions', icon: PageIcon, ready: true },
  { id: 'contact-us', title: 'Contact Us', url: '/settings/contact-us', icon: MailIcon, ready: true },
  // The public /support page (CMS type 5) needs a place to be written, so it follows the
  // product's five (docs/DECISIONS.md, Content).
  { id: 'support', title: 'Support', url: '/settings/support', icon: FeedbackIcon, ready: true },
  // Admin accounts, the audit log, the trash, API tokens and CSV import, for admins only (docs/DECISIONS.md, Roles).
  { id: 'admins', title: 'Admin Accounts', url: '/settings/admins', icon: UsersIcon, ready: true, permission: 'admin.manage' },
  { id: 'audit-log', title: 'Audit Log', url: '/settings/audit-log', icon: PageIcon, ready: true, permission: 'audit.read' },
  { id: 'trash', title: 'Trash', url: '/settings/trash', icon: TrashIcon, ready: true, permission: 'trash.manage' },
  // The integration API's tokens (docs/DECISIONS.md, API tokens).
  { id: 'api-tokens', title: 'API Tokens', url: '/settings/api-tokens', icon: LockIcon, ready: true, permission: 'apiToken.manage' },
  { id: 'import', title: 'Import', url: '/settings/import', icon: PageIcon, ready: true, permission: 'import.run' },
  // The server's OpenAPI document, readable, for any signed-in admin.
  { id: 'api-reference', title: 'API Reference', url: '/settings/api-reference', icon: PageIcon, ready: true, permission: 'read' },
  // Webhooks out, for admins only (docs/DECISIONS.md, Webhooks).
  { id: 'webhooks', title: 'Webhooks', url: '/settings/webhooks', icon: SendIcon, ready: true, permission: 'webhook.manage' },
]

/**
 * Whether a menu entry is the current one: its url is contained in the current path. Matched
 * on whole segments, so /settings covers /settings/change-password but /user would not cover
 * /users.
 */
export function isActiveUrl(pathname: string, url: string) {
  const path = pathname.replace(/\/+$/, '') || '/'
  return path === url || path.startsWith(`${url}/`)
}

/** Whether a menu entry is the current one: the current path is within its url or one of its sections. */
export function isActiveItem(pathname: string, { url, sections = [] }: Pick<NavItem, 'url' | 'sections'>) {
  return [url, ...sections].some((u) => isActiveUrl(pathname, u))
}
