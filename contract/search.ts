import * as zm from 'zod/mini'

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

/** One record found: its id, what names it (label) and what tells it apart (sub-label). */
export const searchHit = zm.object({ _id: zm.string(), label: zm.string(), subLabel: zm.string() })
export type SearchHit = zm.infer<typeof searchHit>

/** One kind's records found, at most five, and whether more match than are given. */
export const searchGroup = zm.object({ items: zm.array(searchHit).check(zm.maxLength(SEARCH_LIMITS.perGroup)), more: zm.boolean() })
export type SearchGroup = zm.infer<typeof searchGroup>

/** The kinds the palette finds, in the order it shows them. */
export const SEARCH_KINDS = ['users', 'petShops', 'hospitals', 'sites', 'cities'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

/**
 * The answer: per kind, the records whose searched text holds `q` (users: username, name, email,
 * mobile; pet shops, hospitals and sites: name, address; cities: name), in name order, never
 * one in the trash.
 */
export const searchResults = zm.object({
  users: searchGroup,
  petShops: searchGroup,
  hospitals: searchGroup,
  sites: searchGroup,
  cities: searchGroup,
}) satisfies zm.ZodMiniType<Record<SearchKind, SearchGroup>>
export type SearchResults = zm.infer<typeof searchResults>
