import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '@/components/layout/RouteError'
import { PageLoader } from '@/components/ui/Spinner'
import { cmsPagesQuery } from '@/features/cms/api'
import { CmsPageSettings } from '@/features/cms/CmsPageSettings'

/** The page shown comes from this path, by the content-type helper (features/cms/pages.ts). */
export const Route = createFileRoute('/_signed-in/settings/support')({
  loader: ({ context }) => context.queryClient.ensureQueryData(cmsPagesQuery),
  staticData: { title: 'Support' },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: CmsPageSettings,
})
