import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { userDetailsQuery } from '@/features/users/api'
import { UserDetailsError, UserDetailsPage } from '@/features/users/UserDetailsPage'

export const Route = createFileRoute('/_signed-in/users/$userId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userDetailsQuery(params.userId)),
  // The page draws its own trail: Users > the user's name.
  staticData: { title: 'User', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: UserDetailsError,
  component: UserDetailsPage,
})
