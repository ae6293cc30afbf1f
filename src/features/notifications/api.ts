import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  MSG,
  NOTIFICATION_STATUS,
  NOTIFICATIONS_MSG,
  USERS_MSG,
  idParam,
  notificationDetails,
  notificationListItem,
  notificationRecipient,
  pushService,
  userDetails,
  userListItem,
  type NotificationListItem,
  type NotificationListQuery,
  type NotificationRecipientListQuery,
  type NotificationSendBody,
  type UserListQuery,
} from '@contract'
import { trashChanges } from '@/lib/changes'
import { CallError, http, messageOnly, notifyIfUnseen, withData } from '@/lib/http'
import { inPlaceRowMutation, removeCachedRows } from '@/lib/list-cache'
import { useSubmissionKey } from '@/lib/submission-key'
import { notify } from '@/lib/toast'
import { notifyDeleted } from '@/lib/undo'
import { notificationKeys } from './keys'

export { notificationKeys } from './keys'

/** GET admin/notification/{id}/recipients: one page of a notification's recipients with their delivery. */
export const notificationRecipientsQuery = (id: string) => (q: NotificationRecipientListQuery) =>
  queryOptions({
    queryKey: notificationKeys.recipientList(id, q),
    queryFn: () => http.list(`admin/notification/${id}/recipients`, q, notificationRecipient),
  })

/** GET admin/notifications/push-service: whether sent notifications reach anyone (a server setting: changes only with a restart). */
export const pushServiceQuery = queryOptions({
  queryKey: notificationKeys.pushService(),
  queryFn: async () => (await http.get('admin/notifications/push-service', withData(pushService))).data,
  staleTime: 5 * 60_000,
})

/**
 * POST admin/notification/{id}/retry (both roles): the failed and not sent deliveries are handed
 * to the push service again (409 while none is configured); the answer is the details with the
 * new counts, shown at once; the recipient pages are fetched again.
 */
export function useRetryDeliveries(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => http.post(`admin/notification/${id}/retry`, withData(notificationDetails)),
    onSuccess: ({ message, data }) => {
      notify.success(message.trim() || MSG.success)
      queryClient.setQueryData(notificationKeys.detail(id), data)
      void queryClient.invalidateQueries({ queryKey: notificationKeys.recipients(id) })
    },
    onError: notifyIfUnseen,
  })
}

/** POST admin/notification/{id}/cancel (both roles): a scheduled row shows Cancelled at once, put back if refused (409: sent meanwhile). */
export function useCancelNotification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: string }) => http.post(`admin/notification/${id}/cancel`, withData(notificationListItem)),
    ...inPlaceRowMutation<NotificationListItem, { id: string }>(queryClient, notificationKeys, 'notifications', () => ({ status: NOTIFICATION_STATUS.CANCELLED })),
  })
}

/** GET admin/notifications: one page of the notifications sent. */
export const notificationsListQuery = (q: NotificationListQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(q),
    queryFn: () => http.list('admin/notifications', q, notificationListItem),
  })

/** GET admin/notification/{id}: title, body, createdAt and the first recipients. An id that cannot be one is a 404 without asking. */
export const notificationDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: notificationKeys.detail(id),
    queryFn: async () => {
      if (!idParam.safeParse({ id }).success) throw new CallError(NOTIFICATIONS_MSG.notFound, 404)
      return (await http.get(`admin/notification/${id}`, withData(notificationDetails))).data
    },
  })

/**
 * DELETE admin/notification/{id} (admins only; a sub admin gets 403). Success shows the server's
 * message (else 'Successful') with Undo (the notification is in the trash), takes the row off
 * every cached page at once and fetches the lists again.
 */
export function useDeleteNotification() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { changes: trashChanges('notification') },
    mutationFn: (id: string) => http.delete(`admin/notification/${id}`, messageOnly),
    onSuccess: ({ message }, id) => {
      notifyDeleted(queryClient, message.trim() || MSG.success, { kind: 'notification', id })
      removeCachedRows(queryClient, notificationKeys.lists(), id)
      queryClient.removeQueries({ queryKey: notificationKeys.detail(id), exact: true })
    },
    onError: notifyIfUnseen,
  })
}

/**
 * GET admin/user/{id}: the user the list is narrowed to, so "Sent to" can name them (the URL holds
 * only the id). An id that cannot be one is a 404 without asking.
 */
export const sentToUserQuery = (id: string) =>
  queryOptions({
    queryKey: notificationKeys.sentToUser(id),
    queryFn: async () => {
      if (!idParam.safeParse({ id }).success) throw new CallError(USERS_MSG.notFound, 404)
      return (await http.get(`admin/user/${id}`, withData(userDetails))).data
    },
    staleTime: 5 * 60_000,
  })

/** GET admin/users for the pickers (the send dialog's recipients, the list's "Sent to"): one page of pet owners. */
export const recipientPickerQuery = (q: UserListQuery) =>
  queryOptions({
    queryKey: notificationKeys.recipientPage(q),
    queryFn: () => http.list('admin/users', q, userListItem),
  })

/**
 * POST admin/notification (both roles): success shows the server's message (else 'Successful') and
 * fetches the lists again so the new notification shows. A 400 was already toasted by the client;
 * its `fields` are for the form that sent it.
 */
export function useSendNotification() {
  const submission = useSubmissionKey()
  return useMutation({
    meta: { changes: ['notifications'] },
    mutationFn: (body: NotificationSendBody) =>
      http.post('admin/notification', withData(notificationListItem), body, { idempotencyKey: submission.keyFor(body) }),
    onSuccess: ({ message }) => {
      submission.reset()
      notify.success(message.trim() || MSG.success)
    },
    onError: notifyIfUnseen,
  })
}
