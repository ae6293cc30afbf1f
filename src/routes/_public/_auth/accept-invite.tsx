import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router'
import { AcceptInvitePage } from '@/features/auth/AcceptInvitePage'

/**
 * The invitation mail's link, /accept-invite?token=... The token is moved at once into history
 * state and the URL loses it (so it stays out of the address bar, history and Referer), then read
 * once into this match's context, as the reset token is.
 */
export const Route = createFileRoute('/_public/_auth/accept-invite')({
  validateSearch: ({ token }: { token?: string } & SearchSchemaInput) => ({ token: typeof token === 'string' ? token : undefined }),
  beforeLoad: ({ search, location }) => {
    if (search.token) throw redirect({ to: '/accept-invite', search: {}, state: { inviteToken: search.token }, replace: true })
    return { inviteToken: location.state.inviteToken }
  },
  staticData: { title: 'Set Your Password' },
  component: function AcceptInvite() {
    const { inviteToken } = Route.useRouteContext()
    return <AcceptInvitePage inviteToken={inviteToken} />
  },
})
