import { and, eq, not, or, sql } from 'drizzle-orm'
import { PLACE_STATUS } from '../../../contract'
import { places } from '../schema'

/**
 * Whether a place has an image. The create form requires one, and a place is made active only
 * with what the create form requires: a draft (from a partner request) has none until its form
 * adds one, and a saved edit may take all of a place's images away.
 */
export const placeHasImage = sql<boolean>`jsonb_array_length(${places.images}) > 0`

/**
 * The places the status toggle may flip: an active one (to inactive), or an inactive one that may
 * be made active (not a draft, which lacks a description and a position, and with an image).
 */
export const placeTogglable = or(eq(places.status, PLACE_STATUS.ACTIVE), and(not(places.draft), placeHasImage))
