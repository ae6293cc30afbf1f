import { emailField } from '@contract/credentials'

/**
 * An email a sign-in screen's URL carries (`?email=`), trimmed, when the contract's emailField
 * takes it; otherwise none, as if absent. Read by the screens rather than by their routes'
 * validateSearch, which is in the entry chunk (no zod for a first visit).
 */
export const validEmail = (value: string | undefined) => {
  const email = emailField.safeParse(value)
  return email.success ? email.data : undefined
}
