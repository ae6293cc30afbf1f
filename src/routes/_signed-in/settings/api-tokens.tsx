import { createFileRoute } from '@tanstack/react-router'
import { prefetchApiTokens } from '@/features/api-tokens/api'
import { ApiTokensPage } from '@/features/api-tokens/ApiTokensPage'

export const Route = createFileRoute('/_signed-in/settings/api-tokens')({
  loader: ({ context }) => prefetchApiTokens(context),
  staticData: { title: 'API Tokens' },
  component: ApiTokensPage,
})
