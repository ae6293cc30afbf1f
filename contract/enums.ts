/** The product's codes (roles, statuses, types, sizes), with their display labels. */
export const ROLE = { ADMIN: 1, SUB_ADMIN: 2 } as const
export type Role = (typeof ROLE)[keyof typeof ROLE]
export const roleLabel: Record<Role, string> = { 1: 'admin', 2: 'sub admin' }

export const USER_STATUS = { ACTIVE: 1, BLOCKED: 2 } as const
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS]
export const userStatusLabel: Record<UserStatus, string> = { 1: 'Active', 2: 'Blocked' }

export const PLACE_STATUS = { ACTIVE: 1, DEACTIVE: 2 } as const
export type PlaceStatus = (typeof PLACE_STATUS)[keyof typeof PLACE_STATUS]
export const placeStatusLabel: Record<PlaceStatus, string> = { 1: 'Active', 2: 'Deactive' }
/** The status a place's or site's toggle leads to: Active becomes Deactive, otherwise Active. */
export const toggledStatus = (status: PlaceStatus): PlaceStatus =>
  status === PLACE_STATUS.ACTIVE ? PLACE_STATUS.DEACTIVE : PLACE_STATUS.ACTIVE

export const PLACE_KINDS = ['petShop', 'hospital'] as const
export type PlaceKind = (typeof PLACE_KINDS)[number]

export const FEEDBACK_TYPES = ['BUG', 'NEW_FEATURE', 'SUGGESTION', 'OTHER'] as const
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]
export const feedbackTypeLabel: Record<FeedbackType, string> = {
  BUG: 'Bug',
  NEW_FEATURE: 'New Feature',
  SUGGESTION: 'Suggestion',
  OTHER: 'Other',
}

/** Where handling a feedback stands: new feedback is open. */
export const FEEDBACK_STATUS = { OPEN: 1, IN_PROGRESS: 2, RESOLVED: 3 } as const
export type FeedbackStatus = (typeof FEEDBACK_STATUS)[keyof typeof FEEDBACK_STATUS]
export const feedbackStatusLabel: Record<FeedbackStatus, string> = { 1: 'Open', 2: 'In progress', 3: 'Resolved' }

export const PARTNER_TYPE = { HOSPITAL: 5, PET_SHOPS: 6 } as const
export type PartnerType = (typeof PARTNER_TYPE)[keyof typeof PARTNER_TYPE]
export const partnerTypeLabel: Record<PartnerType, string> = { 5: 'Hospital', 6: 'Pet Shop' }

/** Where a partner request stands: new requests are pending; a decision is final. */
export const PARTNER_STATUS = { PENDING: 1, APPROVED: 2, DECLINED: 3 } as const
export type PartnerStatus = (typeof PARTNER_STATUS)[keyof typeof PARTNER_STATUS]
export const partnerStatusLabel: Record<PartnerStatus, string> = { 1: 'Pending', 2: 'Approved', 3: 'Declined' }

export const petSizeLabel: Record<number, string> = { 1: 'Small', 2: 'Medium', 3: 'Large', 4: 'Extra-Large' }
export const petGenderLabel: Record<number, string> = { 1: 'Male', 2: 'Female', 3: 'Other' }

export const CMS_TYPE = { PRIVACY_POLICY: 1, TERMS: 2, FAQ: 3, CONTACT_US: 4, SUPPORT: 5 } as const
export type CmsType = (typeof CMS_TYPE)[keyof typeof CMS_TYPE]

export const AUDIENCE = ['ALL_USERS', 'SELECTED_USERS'] as const
export type Audience = (typeof AUDIENCE)[number]

/** A notification is sent at once, or scheduled and then sent on time unless cancelled first. */
export const NOTIFICATION_STATUS = { SCHEDULED: 1, SENT: 2, CANCELLED: 3 } as const
export type NotificationStatus = (typeof NOTIFICATION_STATUS)[keyof typeof NOTIFICATION_STATUS]
export const notificationStatusLabel: Record<NotificationStatus, string> = { 1: 'Scheduled', 2: 'Sent', 3: 'Cancelled' }

/**
 * One recipient's delivery of a sent notification: as the push service reported it (delivered,
 * failed), waiting for it (pending), or not sent: no push service was configured to hand it to.
 */
/** NO_DEVICE: the user has no device registered for push, so nothing was sent to them (server/notifications/fcm.ts). */
export const DELIVERY_STATUS = { PENDING: 1, DELIVERED: 2, FAILED: 3, NOT_SENT: 4, NO_DEVICE: 5 } as const
export type DeliveryStatus = (typeof DELIVERY_STATUS)[keyof typeof DELIVERY_STATUS]
export const deliveryStatusLabel: Record<DeliveryStatus, string> = { 1: 'Pending', 2: 'Delivered', 3: 'Failed', 4: 'Not sent', 5: 'No device' }

/**
 * The time the dashboard's charts cover: the last 30 or 90 days (by day), or the last 12 months
 * (by month). Here rather than with the charts' schemas (dashboard.ts): the dashboard's URL
 * needs only these, and the first page loads this file.
 */
export const CHART_PERIODS = ['30d', '90d', '12m'] as const
export type ChartPeriod = (typeof CHART_PERIODS)[number]
export const chartPeriodLabel: Record<ChartPeriod, string> = { '30d': '30 days', '90d': '90 days', '12m': '12 months' }
export const CHART_PERIOD_DEFAULT: ChartPeriod = '30d'

/** The panel's colours: the device's setting (the default), or always light or dark. */
export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
export const themeLabel: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' }

/** What the trash holds: each kind is a row of its own table, deleted and not yet purged. */
export const TRASH_KINDS = ['petShop', 'hospital', 'site', 'city', 'notification', 'faq', 'feedback'] as const
export type TrashKind = (typeof TRASH_KINDS)[number]
export const trashKindLabel: Record<TrashKind, string> = {
  petShop: 'Pet Shop',
  hospital: 'Hospital',
  site: 'Site',
  city: 'City',
  notification: 'Notification',
  faq: 'FAQ',
  feedback: 'Feedback',
}
/** How long a deleted row can be restored before the server erases it. */
export const TRASH_DAYS = 30

/** The platforms a push device registers from (contract/devices.ts). */
export const PUSH_PLATFORMS = ['android', 'ios', 'web'] as const
export type PushPlatform = (typeof PUSH_PLATFORMS)[number]
