import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { LoginPage } from '@/features/auth/LoginPage'
import { isSameSitePath } from '@/features/auth/redirect'

/** Only a same-site path is accepted as the place to return to after sign-in. */
const loginSearch = z.object({
  redirect: z.string().refine(isSameSitePath).optional().catch(undefined),
})

export const Route = createFileRoute('/_public/_auth/')({
  validateSearch: loginSearch,
  staticData: { title: 'Login' },
  component: function Login() {
    const { redirect } = Route.useSearch()
    return <LoginPage redirectTo={redirect} />
  },
})
