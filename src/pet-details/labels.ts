import { petGenderLabel, petSizeLabel } from '@contract/enums'
import { DASHES, formatDate } from '@/lib/format'

/** The pet's words and formats, shared by the public page and the admin's view of a user's pet. */

/** What a missing value shows. */
export const NO_VALUE = DASHES

export const orNoValue = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '' ? NO_VALUE : String(value)

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Under 1, the age times 10, rounded, as months ('5 Months'); otherwise years ('3 Years'). */
export function ageLabel(age: unknown): string {
  if (typeof age !== 'number' || !Number.isFinite(age) || age < 0) return NO_VALUE
  return age < 1 ? plural(Math.round(age * 10), 'Month', 'Months') : plural(age, 'Year', 'Years')
}

/** Pet Kept Duration: above 0 'N Days', 0 or less '0 Day', not a number a placeholder. */
export function ownerDaysLabel(days: unknown): string {
  if (typeof days !== 'number' || !Number.isFinite(days)) return NO_VALUE
  return days > 0 ? plural(days, 'Day', 'Days') : '0 Day'
}

/** profileType '1' is Public, anything else Private. */
export const profileLabel = (profileType: unknown) => (profileType === '1' ? 'Public' : 'Private')

/** The size and gender codes' labels, or the placeholder for a missing or unknown code. */
export const sizeLabel = (size: number | null) => (size === null ? NO_VALUE : (petSizeLabel[size] ?? NO_VALUE))
export const genderLabel = (gender: number | null) => (gender === null ? NO_VALUE : (petGenderLabel[gender] ?? NO_VALUE))

/** YYYY-MM-DD, as everywhere in the product: a date-only value as it is; a timestamp on the viewer's calendar. */
export const dateLabel = formatDate
