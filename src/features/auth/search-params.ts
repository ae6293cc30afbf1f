import { emailProblem } from '@contract/credentials'

/** An email a sign-in screen's URL carries (`?email=`), trimmed, when it is a valid one; otherwise none, as if absent. */
export const validEmail = (value: unknown) => (typeof value === 'string' && !emailProblem(value) ? value.trim() : undefined)
