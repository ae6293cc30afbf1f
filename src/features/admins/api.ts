import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query'
import { adminAccount, can, type AdminListQuery, type AdminStatusInput, type CreateAdminInput } from '@contract'
import { prefetchList } from '@/components/list/search'
import type { AuthStore } from '@/lib/auth'
import { http, notifyIfUnseen, withData } from '@/lib/http'
import { notify } from '@/lib/toast'
import { adminKeys } from './keys'

export { adminKeys }

/**
 * Admin accounts, admins only ('admin.manage'): GET admin/admins, POST admin/admins
 * (an invitation is mailed), PATCH admin/admins/{id}/status (block, unblock), POST
 * admin/admins/{id}/invite (a new invitation).
 */

/** GET admin/admins: one page of admin accounts. */
export const adminsListQuery = (q: AdminListQuery) =>
  queryOptions({ queryKey: adminKeys.list(q), queryFn: () => http.list('admin/admins', q, adminAccount) })

/** The route loader's part: only an admin's list is asked for (a sub admin sees the not-allowed note). */
export function prefetchAdmins({ queryClient, auth }: { queryClient: QueryClient; auth: AuthStore }, q: AdminListQuery) {
  if (can(auth.get().userDetails?.role, 'admin.manage')) prefetchList(queryClient, adminsListQuery(q))
}

const savedAccount = withData(adminAccount)

/** Shows the server's message and refreshes every cached page of the list. */
function useAccountMutation<I>(mutationFn: (input: I) => Promise<{ message: string }>) {
  return useMutation({
    meta: { changes: ['admins'] },
    mutationFn,
    onSuccess: ({ message }) => notify.success(message),
    onError: notifyIfUnseen,
  })
}

/** POST admin/admins {name, email, role}: the account, and its invitation mail. A taken email is a 409. */
export const useCreateAdmin = () => useAccountMutation((body: CreateAdminInput) => http.post('admin/admins', savedAccount, body))

/** PATCH admin/admins/{id}/status {status}: blocking ends the account's sessions at once. */
export const useSetAdminStatus = () =>
  useAccountMutation(({ id, status }: AdminStatusInput & { id: string }) => http.patch(`admin/admins/${id}/status`, savedAccount, { status }))

/** POST admin/admins/{id}/invite: a new invitation link (the previous one stops working). */
export const useResendInvite = () => useAccountMutation((id: string) => http.post(`admin/admins/${id}/invite`, savedAccount))
