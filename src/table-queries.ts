import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { Table } from '@/lib/changes'
import { adminKeys } from '@/features/admins/keys'
import { apiTokenKeys } from '@/features/api-tokens/keys'
import { cityKeys, siteKeys } from '@/features/cities-sites/keys'
import { cmsKeys } from '@/features/cms/keys'
import { dashboardKeys } from '@/features/dashboard/keys'
import { feedbackKeys } from '@/features/feedback/keys'
import { notificationKeys } from '@/features/notifications/keys'
import { partnerKeys } from '@/features/partners/keys'
import { placeKeys } from '@/features/places/keys'
import { savedViewKeys } from '@/features/saved-views/keys'
import { trashKeys } from '@/features/trash/keys'
import { userKeys } from '@/features/users/keys'
import { webhookKeys } from '@/features/webhooks/keys'

/**
 * The one map from a table (lib/changes.ts) to the queries that show it. `lists` are refreshed on
 * every change, this tab's own or another's (the live stream); `details` only on this tab's own:
 * another admin's edit must not move the version an open edit form was loaded from. A partner
 * request's details have no form, so another admin's decision shows there at once.
 */
const QUERIES_OF: Record<Table, { lists: QueryKey[]; details?: QueryKey[] }> = {
  app_users: { lists: [userKeys.lists(), dashboardKeys.all], details: [userKeys.details()] },
  places: {
    lists: [placeKeys.lists('petShop'), placeKeys.lists('hospital'), dashboardKeys.all],
    details: [placeKeys.details('petShop'), placeKeys.details('hospital')],
  },
  partners: { lists: [partnerKeys.lists(), partnerKeys.details(), dashboardKeys.all] },
  feedback: { lists: [feedbackKeys.lists(), dashboardKeys.all], details: [feedbackKeys.details()] },
  notifications: { lists: [notificationKeys.lists(), dashboardKeys.all], details: [notificationKeys.details()] },
  // A site's page and trail show its city's name.
  cities: { lists: [cityKeys.lists()], details: [cityKeys.details(), siteKeys.details()] },
  sites: { lists: [siteKeys.lists()], details: [siteKeys.details()] },
  faqs: { lists: [cmsKeys.faqs(), cmsKeys.publicFaqs()] },
  admins: { lists: [adminKeys.lists()] },
  api_tokens: { lists: [apiTokenKeys.lists()] },
  webhooks: { lists: [webhookKeys.all] },
  saved_views: { lists: [savedViewKeys.all] },
  trash: { lists: [trashKeys.all] },
}

/** Every table, for a refresh of everything shown (the live stream may have missed changes). */
export const ALL_TABLES = Object.keys(QUERIES_OF) as Table[]

/**
 * Refreshes what shows `tables`: the queries on screen are fetched again, the others marked
 * stale (fetched when next shown). `details` for this tab's own changes (see QUERIES_OF).
 */
export function refreshTables(queryClient: QueryClient, tables: readonly Table[], { details }: { details: boolean }) {
  const keys = new Set(tables.flatMap((table) => [...QUERIES_OF[table].lists, ...(details ? (QUERIES_OF[table].details ?? []) : [])]))
  return Promise.all([...keys].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
