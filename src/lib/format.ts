import { format, isValid, parseISO } from 'date-fns'

/** What a table or a details page shows for a missing value: a row of dashes. */
export const DASHES = '--'

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = typeof value === 'string' ? parseISO(value) : value
  return isValid(date) ? date : null
}

/**
 * 'YYYY-MM-DD', the product's date format, in the viewer's time zone. A date-only value ('1990-04-12', a
 * date of birth) is read as that calendar day, never shifted by the zone. `DASHES` when missing
 * or unreadable.
 */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value)
  return date ? format(date, 'yyyy-MM-dd') : DASHES
}

/** 'YYYY-MM-DD, HH:mm', the product's date-and-time format, in the viewer's time zone. `DASHES` when missing. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value)
  return date ? format(date, 'yyyy-MM-dd, HH:mm') : DASHES
}

/** The first `max` characters and an ellipsis, or the value itself when it fits (table text cuts). */
export function cutText(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max)}...` : value
}

/** Whether a value counts as missing on screen: null, undefined or only blanks. */
export const isBlank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === ''
