import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query'
import * as zm from 'zod/mini'
import { apiToken, can, createdApiToken, type CreateApiTokenInput } from '@contract'
import type { AuthStore } from '@/lib/auth'
import { http, notifyIfUnseen, withData } from '@/lib/http'
import { notify } from '@/lib/toast'
import { apiTokenKeys } from './keys'

export { apiTokenKeys }

/**
 * Settings > API tokens, admins only ('apiToken.manage'): GET admin/api-tokens (every token, with
 * its last use), POST admin/api-tokens (the answer holds the secret, this once), POST
 * admin/api-tokens/{id}/revoke.
 */

/** GET admin/api-tokens: a handful of rows, never paged. */
export const apiTokensQuery = () =>
  queryOptions({ queryKey: apiTokenKeys.lists(), queryFn: async () => (await http.get('admin/api-tokens', withData(zm.array(apiToken)))).data })

/** The route loader's part: only an admin's list is asked for (a sub admin sees the not-allowed note). */
export function prefetchApiTokens({ queryClient, auth }: { queryClient: QueryClient; auth: AuthStore }) {
  if (can(auth.get().userDetails?.role, 'apiToken.manage')) void queryClient.prefetchQuery(apiTokensQuery())
}

/** Shows the server's message (unless the caller shows the outcome itself) and refreshes the list. */
function useTokenMutation<I, O extends { message: string }>(mutationFn: (input: I) => Promise<O>, toast = true) {
  return useMutation({
    meta: { changes: ['api_tokens'] },
    mutationFn,
    onSuccess: ({ message }) => {
      if (toast) notify.success(message)
    },
    onError: notifyIfUnseen,
  })
}

/** POST admin/api-tokens {name, scopes, expiresAt?}: the token and its secret, which the dialog shows once (no toast). */
export const useCreateApiToken = () =>
  useTokenMutation((body: CreateApiTokenInput) => http.post('admin/api-tokens', withData(createdApiToken), body), false)

/** POST admin/api-tokens/{id}/revoke: refused at once by every server process. */
export const useRevokeApiToken = () => useTokenMutation((id: string) => http.post(`admin/api-tokens/${id}/revoke`, withData(apiToken)))
