import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { userDetailsQuery, userPetQuery } from '@/features/users/api'
import { UserPetError, UserPetPage } from '@/features/users/UserPetPage'

// Beside the user's details, not inside them (`$userId_`): its own page, the owner in its trail.
export const Route = createFileRoute('/_signed-in/users/$userId_/pets/$petId')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(userDetailsQuery(params.userId)),
      context.queryClient.ensureQueryData(userPetQuery(params.userId, params.petId)),
    ]),
  // The page draws its own trail: Users > the owner > the pet.
  staticData: { title: 'Pet', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: UserPetError,
  component: UserPetPage,
})
