import { z } from 'zod'
import { cap } from '../validation'
import { SEARCH_LIMITS, SEARCH_MSG } from '../search'

/**
 * `?q=`: the text to find, trimmed, 2 to 100 characters. The length is capped before anything
 * else, so an enormous query is refused without being trimmed or searched.
 */
export const searchQuery = z.strictObject({
  q: z
    .string({ error: SEARCH_MSG.tooShort })
    .max(SEARCH_LIMITS.maxLength, cap(SEARCH_MSG.tooLong))
    .trim()
    .min(SEARCH_LIMITS.minLength, SEARCH_MSG.tooShort),
})
export type SearchQuery = z.infer<typeof searchQuery>
