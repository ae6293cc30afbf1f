import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { partnerDetailsQuery } from '@/features/partners/api'
import { PartnerDetailsError, PartnerDetailsPage } from '@/features/partners/PartnerDetailsPage'

export const Route = createFileRoute('/_signed-in/partners/$partnerId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(partnerDetailsQuery(params.partnerId)),
  staticData: {
    title: 'Partner Request',
    crumbs: [
      { name: 'Partners', path: '/partners' },
      { name: 'Details', path: '' },
    ],
  },
  pendingComponent: PageLoader,
  errorComponent: PartnerDetailsError,
  component: PartnerDetailsPage,
})
