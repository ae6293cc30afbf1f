import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  MSG,
  toggledStatus,
  PLACES_MSG,
  isUuid,
  placeDetails,
  placeListItem,
  type PlaceCreateBody,
  type PlaceDetails,
  type PlaceKind,
  type PlaceListItem,
  type PlaceListQuery,
  type PlaceUpdateBody,
} from '@contract'
import { trashChanges } from '@/lib/changes'
import { CallError, http, messageOnly, notifyIfUnseen, withData } from '@/lib/http'
import { patchRowsOptimistically, removeCachedRows } from '@/lib/list-cache'
import { useSubmissionKey } from '@/lib/submission-key'
import { notify } from '@/lib/toast'
import { notifyDeleted } from '@/lib/undo'
import { placeKeys } from './keys'

/**
 * Pet shops and hospitals: one implementation, its paths and words chosen by kind (list
 * GET place/admin/{plural}, details GET place/admin/{singular}/{id}, status toggle PATCH and
 * delete DELETE place/{singular}/{id}).
 */
export const PLACE_API = {
  petShop: {
    plural: 'pet-shops',
    singular: 'pet-shop',
  },
  hospital: {
    plural: 'hospitals',
    singular: 'hospital',
  },
} as const satisfies Record<PlaceKind, unknown>

export { placeKeys } from './keys'

/** GET place/admin/pet-shops | hospitals: one page of places. */
export const placesListQuery = (kind: PlaceKind, q: PlaceListQuery) =>
  queryOptions({
    queryKey: placeKeys.list(kind, q),
    queryFn: () => http.list(`place/admin/${PLACE_API[kind].plural}`, q, placeListItem),
  })

/** GET place/admin/pet-shop | hospital/{id}. An id that cannot be one is a 404 without asking. */
export const placeDetailsQuery = (kind: PlaceKind, id: string) =>
  queryOptions({
    queryKey: placeKeys.detail(kind, id),
    queryFn: async () => {
      if (!isUuid(id)) throw new CallError(PLACES_MSG[kind].notFound, 404)
      return (await http.get(`place/admin/${PLACE_API[kind].singular}/${id}`, withData(placeDetails))).data
    },
  })

/** One kind's keys, in the shape the list-cache helpers take. */
const kindKeys = (kind: PlaceKind) => ({
  all: placeKeys.all(kind),
  lists: () => placeKeys.lists(kind),
  detail: (id: string) => placeKeys.detail(kind, id),
})

/**
 * PATCH place/{singular}/{id} with an empty body: the server flips the status (1 <-> 2).
 * Optimistic: the new status shows at once in every cached page and the details; an error puts
 * the previous values back and says why; either way the lists and the details are fetched again.
 * Success shows the server's message.
 */
export function useTogglePlaceStatus(kind: PlaceKind) {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { changes: ['places'] },
    mutationFn: (place: Pick<PlaceListItem, '_id' | 'status'>) =>
      http.patch(`place/${PLACE_API[kind].singular}/${place._id}`, withData(placeListItem)),
    onMutate: ({ _id: id, status }) =>
      patchRowsOptimistically<PlaceListItem>(queryClient, kindKeys(kind), id, { status: toggledStatus(status) }),
    onError: (error, _place, rollback) => {
      rollback?.()
      notifyIfUnseen(error)
    },
    onSuccess: ({ message }) => notify.success(message.trim() || MSG.success),
  })
}

/**
 * DELETE place/{singular}/{id} (admins only; a sub admin gets 403). Success shows the server's
 * message, else the product's 'Shop has been deleted successfully!' / 'Hospital has been deleted
 * successfully!', with Undo (the place is in the trash), takes the row off every cached page at
 * once and fetches the lists again. `onDeleted` runs before the place's own cache entry is
 * dropped: the details page leaves for the list there, so nothing on screen asks for the place again.
 */
export function useDeletePlace(kind: PlaceKind, { onDeleted }: { onDeleted?: () => unknown } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { changes: trashChanges(kind) },
    mutationFn: (id: string) => http.delete(`place/${PLACE_API[kind].singular}/${id}`, messageOnly),
    onSuccess: async ({ message }, id) => {
      notifyDeleted(queryClient, message.trim() || PLACES_MSG[kind].deleted, { kind, id })
      removeCachedRows(queryClient, placeKeys.lists(kind), id)
      await onDeleted?.()
      queryClient.removeQueries({ queryKey: placeKeys.detail(kind, id), exact: true })
    },
    onError: notifyIfUnseen,
  })
}

/** The saved place; its message is the server's ('Pet shop added successfully', 'Hospital updated successfully'). */
const savedPlace = withData(placeDetails)

/** After a save: the place's details are the server's answer (its `changes` refresh the lists: a new or renamed place moves). */
function useAfterSave(kind: PlaceKind) {
  const queryClient = useQueryClient()
  return ({ message, data }: { message: string; data: PlaceDetails }) => {
    notify.success(message.trim() || MSG.success)
    queryClient.setQueryData(placeKeys.detail(kind, data._id), data)
  }
}

/**
 * POST place/pet-shop | hospital. Success shows the server's message; a 400's
 * message was toasted by the client and its `fields` are for the form (`CallError.fields`).
 */
export function useCreatePlace(kind: PlaceKind) {
  const afterSave = useAfterSave(kind)
  const submission = useSubmissionKey()
  return useMutation({
    meta: { changes: ['places'] },
    mutationFn: (body: PlaceCreateBody) =>
      http.post(`place/${PLACE_API[kind].singular}`, savedPlace, body, { idempotencyKey: submission.keyFor(body) }),
    onSuccess: (saved) => {
      submission.reset()
      return afterSave(saved)
    },
    onError: notifyIfUnseen,
  })
}

/**
 * PUT place/pet-shop | hospital/{id}: `previousImages` are the kept images, `images` the new
 * uploads, `version` the one the form was loaded from. A 409 (saved meanwhile by someone else) is
 * not toasted: the form shows it, with Reload (components/form/EditConflict.tsx).
 */
export function useUpdatePlace(kind: PlaceKind) {
  const afterSave = useAfterSave(kind)
  return useMutation({
    meta: { changes: ['places'] },
    mutationFn: ({ id, body }: { id: string; body: PlaceUpdateBody }) =>
      http.put(`place/${PLACE_API[kind].singular}/${id}`, savedPlace, body, { shownByCaller: [409] }),
    onSuccess: afterSave,
    onError: notifyIfUnseen,
  })
}
