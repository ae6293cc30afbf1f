import { z } from 'zod'
import { FEEDBACK_TYPES, PARTNER_TYPE } from '../enums'
import { IMAGES_MAX } from '../limits'
import { INTEGRATION_MSG } from '../integration'
import { MSG } from '../messages'
import type { UploadFolder } from '../uploads'
import { cap, emailField, isImageAddress, lengthText, profileNameField, requiredText } from '../validation'
import { folderUploadRequest } from './uploads'

/**
 * What the platform's app backend sends to the integration API (docs/DECISIONS.md, Integration
 * API). A PUT is the record as the platform holds it now: an optional field left out or null is
 * emptied, so sending the same body twice writes once. Fields the panel also edits take the
 * panel's rules (validation.ts); every text and list is capped before any pattern runs.
 */

export const EXTERNAL_ID_MAX = 100
/** The platform's own id of a record: what it upserts by, in paths and in sync lines. */
export const externalIdField = requiredText()
  .max(EXTERNAL_ID_MAX, cap(INTEGRATION_MSG.externalIdBadFormat))
  .regex(/^[A-Za-z0-9._:@-]+$/, INTEGRATION_MSG.externalIdBadFormat)

/** Optional text: empty, null or left out is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, cap(`Should be maximum of ${max} characters`))
    .nullish()
    .transform((v) => v || null)

const DATE_MSG = 'Use a date as YYYY-MM-DD'
const PAST_DATE_MSG = 'Use a date between 1900-01-01 and today'
/** A calendar day in the past (a birthday, a vaccination), as YYYY-MM-DD; null or left out is none. */
const pastDay = (required = false) => {
  const day = z
    .string(MSG.required)
    .max(10, cap(DATE_MSG))
    .pipe(z.iso.date(DATE_MSG))
    .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), PAST_DATE_MSG)
  return required ? day : day.nullish().transform((v) => v ?? null)
}

const imageAddress = z.string().max(2048, cap(MSG.imageUrl)).refine(isImageAddress, MSG.imageUrl)

const MOBILE_MSG = 'Use 4 to 15 digits, without the country code'
const COUNTRY_CODE_MSG = 'Use the country calling code, as +44'
const COUNTRY_MSG = 'Use the country as two letters (ISO 3166), as GB'

/** An app user as the platform holds them (PUT /integration/users/{externalId}). The block state is not here: it is the panel's. */
const appUserShape = {
  username: lengthText(2, 50),
  name: profileNameField,
  email: z.pipe(emailField, z.transform((v) => v.toLowerCase())),
  /** The mobile number without its country code, and the code ('+44') it is dialled with. */
  mobileNo: z
    .string()
    .trim()
    .max(15, cap(MOBILE_MSG))
    .regex(/^(\d{4,15})?$/, MOBILE_MSG)
    .nullish()
    .transform((v) => v || null),
  countryCode: z
    .string()
    .trim()
    .max(5, cap(COUNTRY_CODE_MSG))
    .regex(/^(\+?\d{1,4})?$/, COUNTRY_CODE_MSG)
    .nullish()
    .transform((v) => (v ? `+${v.replace(/^\+/, '')}` : null)),
  /** ISO 3166 alpha-2 ('GB'): the user form's "country and abbreviation". */
  country: z
    .string()
    .trim()
    .max(2, cap(COUNTRY_MSG))
    .regex(/^([A-Za-z]{2})?$/, COUNTRY_MSG)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
  dateOfBirth: pastDay(),
  address: optionalText(500),
  profileImage: imageAddress.nullish().transform((v) => v ?? null),
  profileCompleted: z.boolean('Use true or false').optional().default(false),
}
const withDialCode = {
  message: 'Send the country code with the mobile number',
  path: ['countryCode'],
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
}
const hasDialCode = (v: { mobileNo: string | null; countryCode: string | null }) => v.mobileNo === null || v.countryCode !== null
export const appUserFields = z.strictObject(appUserShape).refine(hasDialCode, withDialCode)
export type AppUserFields = z.infer<typeof appUserFields>

/** One line of POST /integration/sync/users: the user's fields and their externalId. */
export const appUserSyncLine = z.strictObject({ externalId: externalIdField, ...appUserShape }).refine(hasDialCode, withDialCode)
export type AppUserSyncLine = z.infer<typeof appUserSyncLine>

const MEDICATIONS_MAX = 50
const VACCINES_MAX = 50

/** A pet as the platform holds it: every field of the public pet page (PUT /integration/users/{externalId}/pets/{petExternalId}). */
const petShape = {
  name: lengthText(1, 50),
  /** Years; under one year the page reads tenths as months (0.6 is six months). */
  age: z
    .number('Use a number of years')
    .min(0, 'Use 0 to 100 years')
    .max(100, 'Use 0 to 100 years')
    .nullish()
    .transform((v) => v ?? null),
  species: optionalText(50),
  breed: optionalText(50),
  /** Kilograms. */
  weight: z
    .number('Use a number of kilograms')
    .min(0, 'Use 0 to 1000 kg')
    .max(1000, 'Use 0 to 1000 kg')
    .nullish()
    .transform((v) => v ?? null),
  /** 1 Small, 2 Medium, 3 Large, 4 Extra-Large. */
  size: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], 'Use 1 (Small) to 4 (Extra-Large)')
    .nullish()
    .transform((v) => v ?? null),
  /** 1 Male, 2 Female, 3 Other. */
  gender: z
    .union([z.literal(1), z.literal(2), z.literal(3)], 'Use 1 (Male), 2 (Female) or 3 (Other)')
    .nullish()
    .transform((v) => v ?? null),
  microChipId: optionalText(50),
  dateOfBirth: pastDay(),
  /** '1' public, '2' private; public when left out. */
  profileType: z.enum(['1', '2'], "Use '1' (public) or '2' (private)").optional().default('1'),
  marking: optionalText(200),
  medicalHistory: optionalText(2000),
  medications: z
    .array(z.strictObject({ name: lengthText(1, 100) }))
    .max(MEDICATIONS_MAX, `At most ${MEDICATIONS_MAX} medications`)
    .optional()
    .default([]),
  vaccines: z
    .array(z.strictObject({ name: lengthText(1, 100), date: pastDay(true) }))
    .max(VACCINES_MAX, `At most ${VACCINES_MAX} vaccines`)
    .optional()
    .default([]),
  /**
   * Photo addresses, the first one the pet's picture: http(s) URLs of the platform's own hosts, or
   * the `fileUrl` of a signed upload (POST /integration/uploads/pet-photos).
   */
  profilePhotos: z.array(imageAddress).max(IMAGES_MAX, MSG.imagesMax).optional().default([]),
  /** Since when the owner has had the pet: the page's "Pet Kept Duration". */
  ownerSince: pastDay(),
}
export const petFields = z.strictObject(petShape)
export type PetFields = z.infer<typeof petFields>

export const petSyncLine = z.strictObject({
  externalId: externalIdField,
  ownerExternalId: externalIdField,
  ...petShape,
})
export type PetSyncLine = z.infer<typeof petSyncLine>

/** POST /integration/feedback: what a user told the app; its externalId makes a repeated POST the same feedback. */
export const integrationFeedbackBody = z.strictObject({
  externalId: externalIdField,
  userExternalId: externalIdField,
  type: z.enum(FEEDBACK_TYPES, 'Use BUG, NEW_FEATURE, SUGGESTION or OTHER'),
  description: lengthText(2, 1000),
})
export type IntegrationFeedbackBody = z.infer<typeof integrationFeedbackBody>

/** POST /integration/partner-requests: a business asking to join, with the fields the panel shows. */
export const integrationPartnerBody = z.strictObject({
  externalId: externalIdField,
  name: lengthText(2, 100),
  ownerName: profileNameField,
  email: z.pipe(emailField, z.transform((v) => v.toLowerCase())),
  /** As the applicant dials it, with the country code ('+44 7700900123'). */
  mobileNo: requiredText()
    .max(20, cap('Use the number with its country code, as +44 7700900123'))
    .regex(/^\+\d{1,4} ?\d{4,15}$/, 'Use the number with its country code, as +44 7700900123'),
  /** 5 hospital, 6 pet shop. */
  type: z.union([z.literal(PARTNER_TYPE.HOSPITAL), z.literal(PARTNER_TYPE.PET_SHOPS)], 'Use 5 (hospital) or 6 (pet shop)'),
  address: lengthText(2, 500),
})
export type IntegrationPartnerBody = z.infer<typeof integrationPartnerBody>

/** The path of a user's calls, and of a pet's. */
export const userExternalIdParam = z.strictObject({
  externalId: externalIdField,
})
export const petExternalIdParam = z.strictObject({
  externalId: externalIdField,
  petExternalId: externalIdField,
})

/**
 * The folder of the integration API's uploads, pet photos and users' pictures alike: they are
 * profile pictures, with the profile folder's types and size limit (the demo's pet pictures are
 * there too), and an address of ours a pet or a user takes must be of that folder
 * (server/integration/images.ts).
 */
export const INTEGRATION_UPLOAD_FOLDER = 'profile' satisfies UploadFolder

/** The body of POST /integration/uploads/pet-photos and /profile-images: the files to sign, 1 to 20. */
export const integrationUploadRequest = folderUploadRequest(INTEGRATION_UPLOAD_FOLDER)
export type IntegrationUploadRequest = z.input<typeof integrationUploadRequest>
