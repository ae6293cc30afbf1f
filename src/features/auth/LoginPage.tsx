import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { loginSchema } from '@contract'
import { Form } from '@/components/form/Form'
import { TextField, applyServerErrors } from '@/components/form/Field'
import { Button } from '@/components/ui/Button'
import { ApiError } from '@/lib/http'
import { useLogin } from './api'
import { AuthHeading } from './AuthLayout'

/**
 * Sign-in by email and password. Afterwards the person goes back to where they were headed
 * (`redirectTo`, a same-site path the route has checked), else to the dashboard.
 */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate()
  const router = useRouter()
  const login = useLogin()
  const form = useForm({ resolver: zodResolver(loginSchema), mode: 'onTouched', defaultValues: { email: '', password: '' } })

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      // Replace the sign-in entry: Back should not return to a form that no longer applies.
      onSuccess: () => (redirectTo ? router.history.replace(redirectTo) : navigate({ to: '/dashboard', replace: true })),
      onError: (error) => error instanceof ApiError && applyServerErrors(form, error.fields),
    }),
  )

  return (
    <>
      <AuthHeading title="Login">Sign in to the Petcare administration panel.</AuthHeading>
      <Form onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField form={form} name="email" label="Email" type="email" autoComplete="username" />
        <div className="flex flex-col gap-2">
          <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
          <Link
            to="/forgot-password"
            className="self-end text-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" busy={login.isPending} className="w-full">
          Login
        </Button>
      </Form>
    </>
  )
}
