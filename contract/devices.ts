import * as zm from 'zod/mini'
import { PUSH_PLATFORMS } from './enums'

/** What the device calls answer and refuse with (the integration API's device routes use them). */
export const DEVICES_MSG = {
  registered: 'Device registered successfully',
  unregistered: 'Device unregistered successfully',
  notRegistered: 'No device of this user has this token',
  notFound: 'Device not found',
  tokenRequired: 'Token is required',
  tokenTooLong: `Token should be maximum of 4096 characters`,
  tokenInvalid: 'Token must be printable characters without spaces',
  platformInvalid: `Platform must be one of ${PUSH_PLATFORMS.join(', ')}`,
  appVersionTooLong: 'App version should be maximum of 50 characters',
  localeInvalid: 'Locale must be a language tag such as en or pt-BR',
} as const

/** The longest registration token taken (FCM's are about 160 to 200 characters). */
export const DEVICE_TOKEN_MAX = 4096
export const DEVICE_APP_VERSION_MAX = 50
export const DEVICE_LOCALE_MAX = 35
/** A user's devices kept at most: registering one more removes the one registered longest ago. */
export const DEVICES_PER_USER_MAX = 10

export const pushPlatform = zm.enum(PUSH_PLATFORMS)

/** A device push reaches: one app installation's FCM registration token, for one app user. */
export const pushDevice = zm.object({
  _id: zm.string(),
  userId: zm.string(),
  platform: pushPlatform,
  token: zm.string(),
  appVersion: zm.nullable(zm.string()),
  locale: zm.nullable(zm.string()),
  createdAt: zm.string(),
  /** When the app last registered (or refreshed) this token. */
  lastRegisteredAt: zm.string(),
})
export type PushDevice = zm.infer<typeof pushDevice>

/** DELETE of a device: `deleted`, or `unchanged` when the user had no device with that token (a repeated unregister). */
export const deviceRemoval = zm.object({ result: zm.enum(['deleted', 'unchanged']) })
