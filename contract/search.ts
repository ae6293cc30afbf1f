import { z } from 'zod'
import { cap } from './validation'

/**
 * GET /admin/search (the command palette). Imported as `contract/search`, not through the barrel:
 * only the palette's lazy chunk needs it, and the barrel is part of every first visit.
 */

/** How much it finds and how long a query may be. */
export const SEARCH_LIMITS = { minLength: 2, maxLength: 100, perGroup: 5 } as const

export const SEARCH_MSG = {
  found: 'Search results fetched successfully',
  tooShort: `Type at least ${SEARCH_LIMITS.minLength} characters`,
  tooLong: `Type at most ${SEARCH_LIMITS.maxLength} characters`,
} as const

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

/** One record found: its id, what names it (label) and what tells it apart (sub-label). */
export const searchHit = z.object({ _id: z.string(), label: z.string(), subLabel: z.string() })
export type SearchHit = z.infer<typeof searchHit>

/** One kind's records found, at most five, and whether more match than are given. */
export const searchGroup = z.object({ items: z.array(searchHit).max(SEARCH_LIMITS.perGroup), more: z.boolean() })
export type SearchGroup = z.infer<typeof searchGroup>

/** The kinds the palette finds, in the order it shows them. */
export const SEARCH_KINDS = ['users', 'petShops', 'hospitals', 'sites', 'cities'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

/**
 * The answer: per kind, the records whose searched text holds `q` (users: username, name, email,
 * mobile; pet shops, hospitals and sites: name, address; cities: name), in name order, never
 * one in the trash.
 */
export const searchResults = z.object({
  users: searchGroup,
  petShops: searchGroup,
  hospitals: searchGroup,
  sites: searchGroup,
  cities: searchGroup,
}) satisfies z.ZodType<Record<SearchKind, SearchGroup>>
export type SearchResults = z.infer<typeof searchResults>
