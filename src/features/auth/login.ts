import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { LoginInput } from '@contract/credentials'
import { loadChunk } from '@/lib/chunk-import'
import { notify } from '@/lib/toast'
import type { CheckLogin, SignInOutcome } from './login-call'

/**
 * The sign-in call's code (the HTTP client, zod, the form's and the answer's schemas), which the
 * sign-in page does not load with itself: it asks for it when its form is first focused, so that
 * it is there by the time a field is left or the form is sent.
 */
const loadLoginCall = () => loadChunk(() => import('./login-call'))

/** The code not arriving is said (the chunk loader's message); the call's own failures are told by the HTTP client. */
const sayNotLoaded = (error: unknown) => notify.error(error instanceof Error ? error.message : String(error))

/**
 * Signing in, for the sign-in form: `check` once the form's rules have loaded, `loadCheck()` to
 * load them (undefined when they did not arrive, which is said unless `quiet`), `signIn(input)`
 * and `busy` while it runs. A plain call rather than a TanStack mutation, whose code would be one
 * more thing for the first visit to load; the form needs no more than the busy flag and the outcome.
 */
export function useSignIn() {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [check, setCheck] = useState<CheckLogin>()
  const loadCheck = async ({ quiet = false } = {}) => {
    try {
      const { checkLogin } = await loadLoginCall()
      setCheck(() => checkLogin)
      return checkLogin
    } catch (error) {
      if (!quiet) sayNotLoaded(error)
      return undefined
    }
  }
  const signIn = async (input: LoginInput): Promise<SignInOutcome> => {
    setBusy(true)
    try {
      return await (await loadLoginCall()).signIn(queryClient, input)
    } catch (error) {
      sayNotLoaded(error)
      return { signedIn: false }
    } finally {
      setBusy(false)
    }
  }
  return { busy, check, loadCheck, signIn }
}
