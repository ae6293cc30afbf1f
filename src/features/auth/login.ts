import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { LoginInput } from '@contract/validation'
import { loadChunk } from '@/lib/load-chunk'
import { notify } from '@/lib/toast'
import type { SignInOutcome } from './login-call'

/**
 * The sign-in call's code (the HTTP client, zod and the answer's schema), which the sign-in page
 * does not load with itself: it asks for it when its form is first focused, so that it is there
 * by the time the form is sent.
 */
export const loadLoginCall = () => loadChunk(() => import('./login-call'))

/**
 * Signing in, for the sign-in form: `signIn(input)` and `busy` while it runs. A plain call rather
 * than a TanStack mutation, whose code would be one more thing for the first visit to load; the
 * form needs no more than the busy flag and the outcome.
 */
export function useSignIn() {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const signIn = async (input: LoginInput): Promise<SignInOutcome> => {
    setBusy(true)
    try {
      return await (await loadLoginCall()).signIn(queryClient, input)
    } catch (error) {
      // The call's own failures are told by the HTTP client: this is its code not arriving.
      notify.error(error instanceof Error ? error.message : String(error))
      return { signedIn: false }
    } finally {
      setBusy(false)
    }
  }
  return { busy, signIn }
}
