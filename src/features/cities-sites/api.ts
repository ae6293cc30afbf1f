import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  CITY_MSG,
  MSG,
  toggledStatus,
  SITE_MSG,
  city,
  isUuid,
  siteDetails,
  siteListItem,
  type CityBody,
  type CityListQuery,
  type SiteCreateBody,
  type SiteDetails,
  type SiteListItem,
  type SiteListQuery,
  type SiteUpdateBody,
} from '@contract'
import { TABLES_OF_KIND, trashChanges } from '@/lib/changes'
import { CallError, http, messageOnly, notifyIfUnseen, withData } from '@/lib/http'
import { patchRowsOptimistically, removeCachedRows } from '@/lib/list-cache'
import { useSubmissionKey } from '@/lib/submission-key'
import { notify } from '@/lib/toast'
import { notifyDeleted } from '@/lib/undo'
import { cityKeys, siteKeys } from './keys'

export { cityKeys, siteKeys }

/**
 * Content management (docs/DECISIONS.md, Content): cities (GET admin/city/list, POST admin/city,
 * GET/PUT/DELETE admin/city/{id}) and the sites in them (GET admin/site/list?cityId=, POST
 * admin/site, GET/PUT/DELETE admin/site/{id}, PATCH admin/site/status/{id} toggles the status).
 */

/** GET admin/city/list: one page of cities, each with its number of sites. */
export const citiesListQuery = (q: CityListQuery) =>
  queryOptions({ queryKey: cityKeys.list(q), queryFn: () => http.list('admin/city/list', q, city) })

/** GET admin/city/{id}: the city (its name heads its page and the trails of its sites). */
export const cityDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: cityKeys.detail(id),
    queryFn: async () => {
      if (!isUuid(id)) throw new CallError(CITY_MSG.notFound, 404)
      return (await http.get(`admin/city/${id}`, withData(city))).data
    },
  })

/** GET admin/site/list?cityId=: one page of a city's sites (search, status filter, sort). */
export const sitesListQuery = (q: SiteListQuery) =>
  queryOptions({
    queryKey: siteKeys.list(q),
    queryFn: () => {
      if (q.cityId !== undefined && !isUuid(q.cityId)) throw new CallError(CITY_MSG.notFound, 404)
      return http.list('admin/site/list', q, siteListItem)
    },
  })

/** GET admin/site/{id}: the site with its city's name, its description, coordinates and images. */
export const siteDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: siteKeys.detail(id),
    queryFn: async () => {
      if (!isUuid(id)) throw new CallError(SITE_MSG.notFound, 404)
      return (await http.get(`admin/site/${id}`, withData(siteDetails))).data
    },
  })

/* ------------------------------------------------------------------------------------------------
 * Cities
 */

const savedCity = withData(city)

/**
 * POST admin/city {name} (both roles). Success shows the server's message; a 409 (the name is
 * taken) was toasted by the client and its `CallError` is for the form, which puts it under Name.
 */
export function useCreateCity() {
  const queryClient = useQueryClient()
  const submission = useSubmissionKey()
  return useMutation({
    meta: { changes: ['cities'] },
    mutationFn: (body: CityBody) => http.post('admin/city', savedCity, body, { idempotencyKey: submission.keyFor(body) }),
    onSuccess: ({ message, data }) => {
      submission.reset()
      notify.success(message.trim() || CITY_MSG.created)
      queryClient.setQueryData(cityKeys.detail(data._id), data)
    },
    onError: notifyIfUnseen,
  })
}

/** PUT admin/city/{id} {name} (both roles): a rename, refused with a 409 like an add. */
export function useRenameCity() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { changes: ['cities'] },
    mutationFn: ({ id, ...body }: CityBody & { id: string }) => http.put(`admin/city/${id}`, savedCity, body),
    onSuccess: ({ message, data }) => {
      notify.success(message.trim() || CITY_MSG.updated)
      queryClient.setQueryData(cityKeys.detail(data._id), data)
    },
    onError: notifyIfUnseen,
  })
}

/**
 * DELETE admin/city/{id} (admins only; a sub admin gets 403). A city that still has sites is
 * refused with a 409 whose message the client shows. Success shows the server's message with
 * Undo (the city is in the trash), takes the row off every cached page at once and fetches the
 * lists again.
 */
export function useDeleteCity({ onDeleted }: { onDeleted?: () => unknown } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { changes: trashChanges('city') },
    mutationFn: (id: string) => http.delete(`admin/city/${id}`, messageOnly),
    onSuccess: async ({ message }, id) => {
      notifyDeleted(queryClient, message.trim() || CITY_MSG.deleted, { kind: 'city', id })
      removeCachedRows(queryClient, cityKeys.lists(), id)
      await onDeleted?.()
      queryClient.removeQueries({ queryKey: cityKeys.detail(id), exact: true })
    },
    onError: notifyIfUnseen,
  })
}

/* ------------------------------------------------------------------------------------------------
 * Sites
 */

/**
 * PATCH admin/site/status/{id} with an empty body (both roles): the server flips the status.
 * Optimistic: the new status shows at once in every cached page and the details; an error puts
 * the previous values back and says why; either way the lists and the details are fetched
 * again. Success shows the server's message.
 */
export function useToggleSiteStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    // A status does not change a city's site count.
    meta: { changes: ['sites'] },
    mutationFn: (site: Pick<SiteListItem, '_id' | 'status'>) => http.patch(`admin/site/status/${site._id}`, withData(siteListItem)),
    onMutate: ({ _id: id, status }) => patchRowsOptimistically<SiteListItem>(queryClient, siteKeys, id, { status: toggledStatus(status) }),
    onError: (error, _site, rollback) => {
      rollback?.()
      notifyIfUnseen(error)
    },
    onSuccess: ({ message }) => notify.success(message.trim() || SITE_MSG.statusUpdated),
  })
}

/**
 * DELETE admin/site/{id} (admins only; a sub admin gets 403). Success shows the server's
 * message with Undo (the site is in the trash), takes the row off every cached page at once, and fetches the lists and the cities
 * again. `onDeleted` runs before the site's own cache entry is dropped: the details page leaves
 * for the city there, so nothing on screen asks for the site again.
 */
export function useDeleteSite({ onDeleted }: { onDeleted?: () => unknown } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { changes: trashChanges('site') },
    mutationFn: (id: string) => http.delete(`admin/site/${id}`, messageOnly),
    onSuccess: async ({ message }, id) => {
      notifyDeleted(queryClient, message.trim() || SITE_MSG.deleted, { kind: 'site', id })
      removeCachedRows(queryClient, siteKeys.lists(), id)
      await onDeleted?.()
      queryClient.removeQueries({ queryKey: siteKeys.detail(id), exact: true })
    },
    onError: notifyIfUnseen,
  })
}

const savedSite = withData(siteDetails)

/** After a save: the site's details are the server's answer (its `changes` refresh the lists and the cities). */
function useAfterSiteSave() {
  const queryClient = useQueryClient()
  return ({ message, data }: { message: string; data: SiteDetails }) => {
    notify.success(message.trim() || MSG.success)
    queryClient.setQueryData(siteKeys.detail(data._id), data)
  }
}

/** POST admin/site (both roles): the server's message, then the caller goes to the new site. */
export function useCreateSite() {
  const afterSave = useAfterSiteSave()
  const submission = useSubmissionKey()
  return useMutation({
    meta: { changes: TABLES_OF_KIND.site },
    mutationFn: (body: SiteCreateBody) => http.post('admin/site', savedSite, body, { idempotencyKey: submission.keyFor(body) }),
    onSuccess: (saved) => {
      submission.reset()
      return afterSave(saved)
    },
    onError: notifyIfUnseen,
  })
}

/** PUT admin/site/{id} (both roles): `previousImages` are the kept images, `images` the new uploads. */
export function useUpdateSite() {
  const afterSave = useAfterSiteSave()
  return useMutation({
    meta: { changes: TABLES_OF_KIND.site },
    // A 409 (saved meanwhile by someone else) is not toasted: the form shows it, with Reload.
    mutationFn: ({ id, body }: { id: string; body: SiteUpdateBody }) => http.put(`admin/site/${id}`, savedSite, body, { shownByCaller: [409] }),
    onSuccess: afterSave,
    onError: notifyIfUnseen,
  })
}
