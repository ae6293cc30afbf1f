import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { MSG, adminProfile, type ChangePasswordInput, type ProfileEditInput } from '@contract'
import { authStore, useAuth } from '@/lib/auth'
import { http, messageOnly, notifyIfUnseen, withData } from '@/lib/http'
import { notify } from '@/lib/toast'
import { loadChunk } from '@/lib/chunk-import'

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

/** A loading toast for the length of a call, dismissed however the call ends, so none is left spinning. */
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

/** The picture could not be uploaded; why is logged, the person reads 'Failed to upload image'. */
class PictureUploadError extends Error {}

/**
 * A new profile picture: uploaded into the `profile` folder, then saved with PUT admin/edit
 * `{ name, profileImage: url }` through `useUpdateProfile` ('Updating...', the server's message, the
 * stored user and so the top bar updated). Any upload failure reads 'Failed to upload image'
 * (the product's words); a failed save says what the server said.
 */
export function useChangePicture() {
  const update = useUpdateProfile()
  const { store } = useAuth()
  return useMutation({
    mutationFn: async (file: File) => {
      // The upload code comes with the first picture, not with every signed-in page.
      const { uploadFiles } = await loadChunk(() => import('@/lib/uploads'))
      const [outcome] = await uploadFiles([file], 'profile')
      if (outcome?.status !== 'success') throw new PictureUploadError(outcome?.errorMessage ?? MSG.pictureUploadFailed)
      const name = store.get().userDetails?.name ?? ''
      return update.mutateAsync({ name, profileImage: outcome.url })
    },
    onError: (error) => {
      if (error instanceof PictureUploadError) {
        console.error(error.message)
        notify.error(MSG.pictureUploadFailed)
      } else notifyIfUnseen(error)
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
