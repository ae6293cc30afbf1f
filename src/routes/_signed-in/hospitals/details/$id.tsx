import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { placeDetailsQuery } from '@/features/places/api'
import { PlaceDetailsError, PlaceDetailsPage } from '@/features/places/PlaceDetailsPage'

export const Route = createFileRoute('/_signed-in/hospitals/details/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(placeDetailsQuery('hospital', params.id)),
  // The page draws its own trail: the list > the place's name.
  staticData: { title: 'Hospital', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: (props) => <PlaceDetailsError kind="hospital" {...props} />,
  component: () => <PlaceDetailsPage kind="hospital" />,
})
