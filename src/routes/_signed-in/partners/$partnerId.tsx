import { createFileRoute } from '@tanstack/react-router'
import { detailsCrumbs } from '@/components/layout/crumbs'
import { PageLoader } from '@/components/ui/Spinner'
import { partnerDetailsQuery } from '@/features/partners/api'
import { PartnerDetailsError, PartnerDetailsPage } from '@/features/partners/PartnerDetailsPage'

export const Route = createFileRoute('/_signed-in/partners/$partnerId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(partnerDetailsQuery(params.partnerId)),
  staticData: { title: 'Partner Request', crumbs: detailsCrumbs({ name: 'Partners', path: '/partners' }) },
  pendingComponent: PageLoader,
  errorComponent: PartnerDetailsError,
  component: PartnerDetailsPage,
})
