import type { QueryClient } from '@tanstack/react-query'
import { loginResult } from '@contract/auth'
import { loginSchema, type LoginInput } from '@contract/credentials'
import { authStore } from '@/lib/auth'
import { CallError, http, withData } from '@/lib/http'
import { notify } from '@/lib/toast'

/** What a sign-in came to: signed in, or refused (the HTTP client has told why) with a 400's per-field messages. */
export type SignInOutcome = { signedIn: true } | { signedIn: false; fields?: Record<string, string> }

/** The sign-in form's check with the contract's loginSchema: the body it makes, or each wrong field's first message. */
export function checkLogin(values: LoginInput): { body?: LoginInput; problems: Partial<Record<keyof LoginInput, string>> } {
  const result = loginSchema.safeParse(values)
  if (result.success) return { body: result.data, problems: {} }
  const problems: Partial<Record<keyof LoginInput, string>> = {}
  for (const { path, message } of result.error.issues) problems[path[0] as keyof LoginInput] ??= message
  return { problems }
}
export type CheckLogin = typeof checkLogin

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
    if (error instanceof CallError) return { signedIn: false, fields: error.fields }
    throw error
  }
}
