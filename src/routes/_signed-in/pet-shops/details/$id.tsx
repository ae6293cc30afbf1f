import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { placeDetailsQuery } from '@/features/places/api'
import { PlaceDetailsError, PlaceDetailsPage } from '@/features/places/PlaceDetailsPage'

export const Route = createFileRoute('/_signed-in/pet-shops/details/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(placeDetailsQuery('petShop', params.id)),
  // The page draws its own trail: the list > the place's name.
  staticData: { title: 'Pet Shop', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: (props) => <PlaceDetailsError kind="petShop" {...props} />,
  component: () => <PlaceDetailsPage kind="petShop" />,
})
