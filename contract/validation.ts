import { z } from 'zod'
import { emailField, passwordField } from './credentials'
import { API_MSG, MSG, PLACE_MSG } from './messages'
import { DEFAULT_COORDINATE, IMAGE_MAX_BYTES, IMAGES_MAX, OTP_LENGTH } from './limits'
import type { PlaceKind } from './enums'

/**
 * The product's validation table, written once, with its exact messages. Every field is trimmed first and an
 * empty field reads 'Enter the required field' unless the table says otherwise. Checks are
 * listed in the order their messages should win (resolvers show the first one).
 */
const text = () => z.string(MSG.required).trim()

/**
 * The options of a length cap that stops the field's later checks when it fails: zod runs every
 * check of a field even after one failed, so without this a pattern or refine would still read
 * a text of any length (a request body holds ~100 kB). Put the cap before any pattern.
 */
export const cap = (message?: string) => (message === undefined ? { abort: true } : { message, abort: true })

/**
 * The longest text a field without a length rule of its own takes (tokens, confirmations, old
 * passwords): far above any real value, far below what could cost the server time.
 */
export const UNRULED_TEXT_MAX = 1000
const unruledMaxMessage = `Should be maximum of ${UNRULED_TEXT_MAX} characters`

export const requiredText = (message: string = MSG.required) => text().min(1, message)
/** Required free text without a length rule of its own: capped at UNRULED_TEXT_MAX. */
export const boundedText = (message: string = MSG.required) => requiredText(message).max(UNRULED_TEXT_MAX, cap(unruledMaxMessage))
/** Optional free text: empty means absent, otherwise the length rule applies. */
const optionalText = (min: number, max: number) =>
  text()
    .max(max, cap(`Should be maximum of ${max} characters`))
    .refine((v) => v === '' || v.length >= min, `Should be minimum of ${min} characters`)
export const lengthText = (min: number, max: number, required: string = MSG.required) =>
  requiredText(required).min(min, `Should be minimum of ${min} characters`).max(max, cap(`Should be maximum of ${max} characters`))

export { EMAIL_PATTERN, emailField, loginSchema, passwordField, type LoginInput } from './credentials'

/** Run a cross-field check even when other fields already failed, so every message shows at once. */
export const matching = <K extends string>(a: K, b: K) => ({
  message: MSG.passwordMatch,
  path: [b],
  when: (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown>
    return typeof v?.[a] === 'string' && typeof v?.[b] === 'string' && v[b] !== ''
  },
})


export const emailSchema = z.strictObject({ email: emailField })
export type EmailInput = z.infer<typeof emailSchema>

export const otpField = requiredText().max(OTP_LENGTH, cap(MSG.otpInvalid)).regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.otpInvalid)
export const verifyOtpSchema = z.strictObject({ email: emailField, otp: otpField })
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>

/** The form that sets a new password: a reset and an accepted invitation. */
export const newPasswordFormSchema = z
  .strictObject({ password: passwordField, confirmPassword: boundedText() })
  .refine((v) => v.password === v.confirmPassword, matching('password', 'confirmPassword'))
export type NewPasswordValues = z.infer<typeof newPasswordFormSchema>

/** The reset call carries the one-time token that a verified OTP gave. */
export const resetPasswordSchema = z
  .strictObject({ resetToken: boundedText(), password: passwordField, confirmPassword: boundedText() })
  .refine((v) => v.password === v.confirmPassword, matching('password', 'confirmPassword'))
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

export const changePasswordSchema = z
  .strictObject({ oldPassword: boundedText(), newPassword: passwordField, confirmPassword: boundedText() })
  .refine((v) => v.newPassword === v.confirmPassword, matching('newPassword', 'confirmPassword'))
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>

/**
 * A file this server serves, by its path relative to the panel: `/uploads/<key>`, as the built-in
 * storage hands out and records store them (docs/DECISIONS.md, Uploads). Segments of letters,
 * digits, dot, dash and underscore, none starting with a dot: no `..`, no `//host`.
 */
export const UPLOADED_FILE_PATH = /^\/uploads(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/
const httpUrl = z.url({ protocol: /^https?$/ })
/** An image address a record may hold: an absolute http(s) URL or an uploaded file's path (no `javascript:`, `data:`...). */
export const isImageAddress = (value: string) => UPLOADED_FILE_PATH.test(value) || httpUrl.safeParse(value).success

/** The product leaves the profile name's rule unstated; ours is 2 to 50 characters. */
export const profileNameField = requiredText().min(2, MSG.profileNameMin).max(50, cap(MSG.profileNameMax))
/**
 * The picture is an http(s) address or an uploaded file's path: it ends up in an <img src> of
 * every admin's screen (no `javascript:` or `data:` payloads). Null removes it; leaving it out keeps it.
 */
export const profileEditSchema = z.strictObject({
  name: profileNameField,
  profileImage: z.string().max(2048, cap(MSG.imageUrl)).refine(isImageAddress, MSG.imageUrl).nullable().optional(),
})
export type ProfileEditInput = z.infer<typeof profileEditSchema>
/** The profile menu's form: only the name is typed; the picture is chosen separately. */
export const profileNameSchema = z.strictObject({ name: profileNameField })
export type ProfileNameInput = z.infer<typeof profileNameSchema>

export const simpleNameField = requiredText()
  .min(2, MSG.nameMin)
  .max(20, cap(MSG.nameMax))
  .regex(/^[A-Za-z ]+$/, MSG.nameInvalid)
export const simpleNameSchema = z.strictObject({ name: simpleNameField })
export type SimpleNameInput = z.infer<typeof simpleNameSchema>

export const titleDescriptionSchema = z.strictObject({
  title: requiredText().max(50, cap('Should be maximum of 50 characters')),
  description: requiredText().max(100, cap('Should be maximum of 100 characters')),
})
export type TitleDescriptionInput = z.infer<typeof titleDescriptionSchema>

export const faqSchema = z.strictObject({
  title: requiredText(MSG.faqTitleRequired).max(200, cap(MSG.faqTitleMax)),
  description: requiredText(MSG.faqDescriptionRequired).max(500, cap(MSG.faqDescriptionMax)),
})
export type FaqInput = z.infer<typeof faqSchema>

/** -1 is the form's "no coordinate yet"; a picked place without one must be refused. */
const coordinate = (message: string, bound: number) =>
  z
    .number(message)
    .refine((v) => Number.isFinite(v) && v !== DEFAULT_COORDINATE, message)
    .refine((v) => Math.abs(v) <= bound, message)

/** A picked address's coordinates, shared by places and sites. */
export const coordinateFields = {
  latitude: coordinate(MSG.latitude, 90),
  longitude: coordinate(MSG.longitude, 180),
}

/** The text fields of the pet shop and hospital form, worded by kind. */
export const placeFields = (kind: PlaceKind) =>
  z.strictObject({
    name: lengthText(2, 100, PLACE_MSG[kind].name),
    description: lengthText(2, 500),
    address: lengthText(2, 500, PLACE_MSG[kind].address),
    discount_title: optionalText(2, 100),
    discount_description: optionalText(2, 100),
    ...coordinateFields,
  })

/** One picked file as the browser gives it (a File satisfies this). */
export const imageFile = z
  .custom<{ name: string; size: number; type: string }>(
    (v) => typeof v === 'object' && v !== null && typeof (v as { size?: unknown }).size === 'number',
  )
  .refine((f) => f.size <= IMAGE_MAX_BYTES, MSG.imageSize)

/** Create forms need one image at least; edit forms may keep only previous ones. */
export const imageList = <T extends z.ZodType>(item: T, { min }: { min: number }) =>
  z
    .array(item)
    .refine((list) => list.length >= min, MSG.imagesMin)
    .refine((list) => list.length <= IMAGES_MAX, MSG.imagesMax)

/** What a request field the schema does not know gets (strict objects refuse unknown keys). */
export const UNKNOWN_FIELD_MSG = 'This field is not allowed'

/** The first message per dotted field path, in the order the schema reported them. */
export function fieldMessages(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.map(String).join('.')
    if (key !== '' && !(key in fields)) fields[key] = message
  }
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') issue.keys.forEach((k) => add([...issue.path, k], UNKNOWN_FIELD_MSG))
    else add(issue.path, issue.message)
  }
  return fields
}

/**
 * What a request that fails its schema is told (the 400's message and `error.fields`): a fault of
 * the whole input (an empty file list) if there is one, else the first field's message, with
 * every field's first message.
 */
export function validationFailure(error: z.core.$ZodError): { message: string; fields?: Record<string, string> } {
  const fields = fieldMessages(error)
  const whole = error.issues.find((issue) => issue.path.length === 0 && issue.code !== 'unrecognized_keys')
  const message = whole?.message ?? Object.values(fields)[0] ?? API_MSG.invalidRequest
  return Object.keys(fields).length > 0 ? { message, fields } : { message }
}
