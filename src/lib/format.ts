import { lightFormat } from 'date-fns'

/** What a table or a details page shows for a missing value: a row of dashes. */
export const DASHES = '--'

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
// An ISO 8601 date and time, with or without its offset; a value without one is local time, as Date reads it.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/

/**
 * The instant of a value, or null when missing or unreadable. A date-only value is that calendar
 * day at local midnight (never shifted by the zone), and only a real day (no 2025-02-30). The
 * patterns come first, with a length cap, so that nothing unbounded reaches Date.
 */
function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  const day = DATE_ONLY.exec(value)
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])]
    const local = new Date(year, month, date)
    return local.getFullYear() === year && local.getMonth() === month && local.getDate() === date ? local : null
  }
  if (value.length > 40 || !DATE_TIME.test(value)) return null
  const instant = new Date(value)
  return Number.isNaN(instant.getTime()) ? null : instant
}


/**
 * 'YYYY-MM-DD', the product's date format, in the viewer's time zone. A date-only value ('1990-04-12', a
 * date of birth) is read as that calendar day, never shifted by the zone. `DASHES` when missing
 * or unreadable.
 */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value)
  return date ? lightFormat(date, 'yyyy-MM-dd') : DASHES
}

/** 'YYYY-MM-DD, HH:mm', the product's date-and-time format, in the viewer's time zone. `DASHES` when missing. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value)
  return date ? lightFormat(date, 'yyyy-MM-dd, HH:mm') : DASHES
}

/** The first `max` characters and an ellipsis, or the value itself when it fits (table text cuts). */
export function cutText(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max)}...` : value
}

/** Whether a value counts as missing on screen: null, undefined or only blanks. */
export const isBlank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === ''
