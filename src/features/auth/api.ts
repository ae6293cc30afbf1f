import { useMutation } from '@tanstack/react-query'
import { type AcceptInviteInput, verifyOtpResult, type EmailInput, type ResetPasswordInput, type VerifyOtpInput } from '@contract'
import { http, messageOnly, withData } from '@/lib/http'
import { notify } from '@/lib/toast'

/**
 * The calls of the password and invitation screens (the sign-in's own is in login.ts). Nothing here
 * is cached: they are all mutations. Failures already reach the person through the HTTP client (a
 * toast with the server's message); screens only put per-field messages back on their form.
 */

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
