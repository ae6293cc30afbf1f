import { createFileRoute } from '@tanstack/react-router'
import { ApiReferencePage } from '@/features/api-reference/ApiReferencePage'

// No loader: the page fetches the document itself, so nothing of it (schemas, parsing) is in the
// first-visit bundle; the component is split into its own chunk.
export const Route = createFileRoute('/_signed-in/settings/api-reference')({
  staticData: { title: 'API Reference' },
  component: ApiReferencePage,
})
