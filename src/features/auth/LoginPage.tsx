import { useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import type { LoginInput } from '@contract/credentials'
import { Form, TextInput } from '@/components/form/Form'
import { Button } from '@/components/ui/Button'
import { AuthHeading } from './AuthLayout'
import { useSignIn } from './login'

/** The form's fields, in the order they are shown (and focused when wrong). */
const FIELDS = ['email', 'password'] as const satisfies readonly (keyof LoginInput)[]
type LoginField = (typeof FIELDS)[number]

/**
 * Sign-in by email and password. Afterwards the person goes back to where they were headed
 * (`redirectTo`, a same-site path the route has checked), else to the dashboard.
 *
 * Most visits start here, so the form is plain state rather than react-hook-form, and its check
 * (the contract's loginSchema) comes with the call's code, which loads when the form is first
 * focused (docs/DECISIONS.md, Page weight). It behaves as the other forms do: a field's message
 * shows once the field has been left or the form sent, and follows the typing from then on; a
 * refused send moves the focus to the first wrong field.
 */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate()
  const router = useRouter()
  const { busy, check, loadCheck, signIn } = useSignIn()
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' })
  const [left, setLeft] = useState<Partial<Record<LoginField, true>>>({})
  const [submitted, setSubmitted] = useState(false)
  // A 400's per-field messages, each shown until its field changes.
  const [serverErrors, setServerErrors] = useState<Partial<LoginInput>>({})
  const emailInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const focus = (name: LoginField) => (name === 'email' ? emailInput : passwordInput).current?.focus()
  const problems = check?.(values).problems ?? {}

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    error: left[name] || submitted ? (problems[name] ?? serverErrors[name]) : undefined,
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target
      setValues((current) => ({ ...current, [name]: value }))
      setServerErrors(({ [name]: _changed, ...others }) => others)
    },
    onBlur: () => setLeft((current) => ({ ...current, [name]: true })),
  })

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
    setServerErrors({})
    const checked = (await loadCheck())?.(values)
    if (!checked?.body) {
      const wrong = FIELDS.find((name) => checked?.problems[name])
      return wrong && focus(wrong)
    }
    const outcome = await signIn(checked.body)
    // Replace the sign-in entry: Back should not return to a form that no longer applies.
    if (outcome.signedIn) return redirectTo ? router.history.replace(redirectTo) : navigate({ to: '/dashboard', replace: true })
    const { fields = {} } = outcome
    setServerErrors(fields)
    const refused = FIELDS.find((name) => fields[name])
    if (refused) focus(refused)
  }

  return (
    <>
      <AuthHeading title="Login">Sign in to the Petcare administration panel.</AuthHeading>
      <Form
        onSubmit={(event) => void onSubmit(event)}
        // A failed load is told when the form is sent, which loads it again.
        onFocus={() => void loadCheck({ quiet: true })}
        className="flex flex-col gap-5"
      >
        <TextInput {...field('email')} ref={emailInput} label="Email" type="email" autoComplete="username" />
        <div className="flex flex-col gap-2">
          <TextInput {...field('password')} ref={passwordInput} label="Password" type="password" autoComplete="current-password" />
          <Link
            to="/forgot-password"
            className="self-end text-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" busy={busy} className="w-full">
          Login
        </Button>
      </Form>
    </>
  )
}
