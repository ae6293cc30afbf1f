import { z } from 'zod'
import { DEVICE_APP_VERSION_MAX, DEVICE_LOCALE_MAX, DEVICE_TOKEN_MAX, DEVICES_MSG } from '../devices'
import { PUSH_PLATFORMS } from '../enums'
import { cap } from '../validation'

/** A registration token: capped before its pattern (printable ASCII, no spaces: FCM's are base64url with a colon). */
export const deviceToken = z
  .string({ message: DEVICES_MSG.tokenRequired })
  .max(DEVICE_TOKEN_MAX, cap(DEVICES_MSG.tokenTooLong))
  .min(1, DEVICES_MSG.tokenRequired)
  .regex(/^[\x21-\x7e]+$/, DEVICES_MSG.tokenInvalid)

/** Registering (or refreshing) a device of a user: its platform and token, and what the app says of itself. */
export const deviceRegisterBody = z.strictObject({
  platform: z.string({ message: DEVICES_MSG.platformInvalid }).max(20, cap(DEVICES_MSG.platformInvalid)).pipe(z.enum(PUSH_PLATFORMS, { message: DEVICES_MSG.platformInvalid })),
  token: deviceToken,
  appVersion: z.string().max(DEVICE_APP_VERSION_MAX, cap(DEVICES_MSG.appVersionTooLong)).trim().optional(),
  locale: z
    .string()
    .max(DEVICE_LOCALE_MAX, cap(DEVICES_MSG.localeInvalid))
    .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, DEVICES_MSG.localeInvalid)
    .optional(),
})
export type DeviceRegisterBody = z.infer<typeof deviceRegisterBody>

/** Unregistering a device (the app signed out, or the platform learned the token is gone): by its token. */
export const deviceUnregisterBody = z.strictObject({ token: deviceToken })
export type DeviceUnregisterBody = z.infer<typeof deviceUnregisterBody>
