import { queryOptions } from '@tanstack/react-query'
import { preferences } from '@contract/preferences'
import { http, withData } from '@/lib/http'

/**
 * The signed-in admin's preferences (GET admin/preferences): the theme (features/account/theme.ts)
 * and each list's columns (the list kit's Columns control). One query for both, so a change to one
 * never drops the other from the cache.
 */
export const preferencesKeys = { all: ['preferences'] as const }

export const preferencesQuery = queryOptions({
  queryKey: preferencesKeys.all,
  queryFn: async () => (await http.get('admin/preferences', withData(preferences))).data,
})
