import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { placeDetailsQuery } from '@/features/places/api'
import { PlaceDetailsError } from '@/features/places/PlaceDetailsPage'
import { PlaceFormPage } from '@/features/places/PlaceFormPage'

export const Route = createFileRoute('/_signed-in/pet-shops/edit/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(placeDetailsQuery('petShop', params.id)),
  // The page draws its own trail: the list > the place's name > Edit.
  staticData: { title: 'Edit Pet Shop', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: (props) => <PlaceDetailsError kind="petShop" current="Edit" {...props} />,
  component: () => <PlaceFormPage kind="petShop" editing />,
})
