import type { PlaceKind, PlaceListQuery } from '@contract'

/**
 * The places feature's query keys, apart from its calls: the signed-in layout refreshes them on a
 * live change, and should not load the feature's code for that.
 */
export const placeKeys = {
  all: (kind: PlaceKind) => ['places', kind] as const,
  lists: (kind: PlaceKind) => [...placeKeys.all(kind), 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (kind: PlaceKind, q: PlaceListQuery) => [...placeKeys.lists(kind), q] as const,
  details: (kind: PlaceKind) => [...placeKeys.all(kind), 'detail'] as const,
  detail: (kind: PlaceKind, id: string) => [...placeKeys.details(kind), id] as const,
}
