import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  loginResult,
  type AcceptInviteInput,
  verifyOtpResult,
  type EmailInput,
  type LoginInput,
  type ResetPasswordInput,
  type VerifyOtpInput,
} from '@contract'
import { authStore } from '@/lib/auth'
import { http, messageOnly, withData } from '@/lib/http'
import { notify } from '@/lib/toast'

/**
 * The sign-in calls. Nothing here is cached: they are all mutations. Failures
 * already reach the person through the HTTP client (a toast with the server's message); screens
 * only put per-field messages back on their form.
 */

/** POST admin/login: on success the session is stored and the server's message is shown. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: LoginInput) => http.post('admin/login', withData(loginResult), input),
    onSuccess: ({ data, message }) => {
      // Whatever an earlier session left in the cache belongs to someone else.
      queryClient.clear()
      authStore.signIn({ ...data })
      notify.success(message)
    },
  })
}

/**
 * POST admin/resend-otp: sends a code to the email (forgot password and "Resend OTP" alike; the
 * answer is the same for an unknown email). Shows the server's message as a success toast.
 */
export function useSendOtp() {
  return useMutation({
    mutationFn: (input: EmailInput) => http.post('admin/resend-otp', messageOnly, input),
    onSuccess: ({ message }) => notify.success(message),
  })
}

/** POST admin/verify-otp: a right code gives the one-time token that resets the password. */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: (input: VerifyOtpInput) => http.post('admin/verify-otp', withData(verifyOtpResult), input),
  })
}

/** POST admin/reset-password with the token of a verified code. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => http.post('admin/reset-password', messageOnly, input),
    onSuccess: ({ message }) => notify.success(message),
  })
}

/** POST admin/accept-invite with an invitation's token: sets the first password (the link works once). */
export function useAcceptInvite() {
  return useMutation({
    mutationFn: (input: AcceptInviteInput) => http.post('admin/accept-invite', messageOnly, input),
    onSuccess: ({ message }) => notify.success(message),
  })
}
