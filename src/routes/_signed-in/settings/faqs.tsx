import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '@/components/layout/RouteError'
import { PageLoader } from '@/components/ui/Spinner'
import { faqsQuery } from '@/features/cms/api'
import { FaqSettings } from '@/features/cms/FaqSettings'

export const Route = createFileRoute('/_signed-in/settings/faqs')({
  loader: ({ context }) => context.queryClient.ensureQueryData(faqsQuery),
  staticData: { title: "FAQ's" },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: FaqSettings,
})
