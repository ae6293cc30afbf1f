import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { LoginPage } from '@/features/auth/LoginPage'
import { isSameSitePath } from '@/features/auth/redirect'

/** Only a same-site path is accepted as the place to return to after sign-in. */
const loginSearch = ({ redirect }: { redirect?: string } & SearchSchemaInput) => ({
  redirect: typeof redirect === 'string' && isSameSitePath(redirect) ? redirect : undefined,
})

export const Route = createFileRoute('/_public/_auth/')({
  validateSearch: loginSearch,
  staticData: { title: 'Login' },
  component: function Login() {
    const { redirect } = Route.useSearch()
    return <LoginPage redirectTo={redirect} />
  },
})
