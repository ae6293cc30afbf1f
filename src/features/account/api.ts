import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { adminProfile, type ChangePasswordInput, type ProfileEditInput } from '@contract'
import { authStore, useAuth } from '@/lib/auth'
import { http, messageOnly, withData } from '@/lib/http'
import { notify } from '@/lib/toast'

export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
}

/** The signed-in admin, fresh from the server; the answer is merged into the stored user. */
export const profileQuery = queryOptions({
  queryKey: accountKeys.profile(),
  queryFn: async () => {
    const { data } = await http.get('admin/profile', withData(adminProfile))
    authStore.updateUser(data)
    return data
  },
})

/** A loading toast for the length of a call, dismissed however the call ends (spec section 4). */
async function withLoadingToast<T>(message: string, call: () => Promise<T>): Promise<T> {
  const id = notify.loading(message)
  try {
    return await call()
  } finally {
    notify.dismiss(id)
  }
}

/** PUT admin/edit: 'Updating...', then the stored user takes the new name (and picture). */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  const { store } = useAuth()
  return useMutation({
    mutationFn: (input: ProfileEditInput) =>
      withLoadingToast('Updating...', () => http.put('admin/edit', withData(adminProfile), input)),
    onSuccess: ({ message, data }) => {
      store.updateUser({ name: data.name, profileImage: data.profileImage })
      queryClient.setQueryData(accountKeys.profile(), data)
      notify.success(message)
    },
  })
}

/**
 * POST admin/logout/{id}: 'Logout...', then the server's message, the session forgotten (local
 * storage emptied) and the visitor taken to /. A failed call keeps the session: the server
 * still holds it, and the HTTP client has said what went wrong.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { id, store } = useAuth()
  return useMutation({
    mutationFn: () => withLoadingToast('Logout...', () => http.post(`admin/logout/${id}`, messageOnly)),
    onSuccess: async ({ message }) => {
      notify.success(message)
      store.signOut()
      await navigate({ to: '/' })
      // After leaving, so no mounted screen refetches without a session; the next admin starts clean.
      queryClient.clear()
    },
  })
}

/** POST admin/change-password; the form shows a wrong old password under its field. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => http.post('admin/change-password', messageOnly, input),
    onSuccess: ({ message }) => notify.success(message),
  })
}
