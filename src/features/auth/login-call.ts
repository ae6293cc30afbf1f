import type { QueryClient } from '@tanstack/react-query'
import { loginResult } from '@contract/auth'
import type { LoginInput } from '@contract/validation'
import { authStore } from '@/lib/auth'
import { ApiError, http, withData } from '@/lib/http'
import { notify } from '@/lib/toast'

/** What a sign-in came to: signed in, or refused (the HTTP client has told why) with a 400's per-field messages. */
export type SignInOutcome = { signedIn: true } | { signedIn: false; fields?: Record<string, string> }

/**
 * POST admin/login: on success the session is stored and the server's message is shown. Loaded by
 * login.ts on first use, so the HTTP client and zod stay out of the sign-in page's first visit.
 */
export async function signIn(queryClient: QueryClient, input: LoginInput): Promise<SignInOutcome> {
  try {
    const { data, message } = await http.post('admin/login', withData(loginResult), input)
    // Whatever an earlier session left in the cache belongs to someone else.
    queryClient.clear()
    authStore.signIn({ ...data })
    notify.success(message)
    return { signedIn: true }
  } catch (error) {
    if (error instanceof ApiError) return { signedIn: false, fields: error.fields }
    throw error
  }
}
