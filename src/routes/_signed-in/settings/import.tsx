import { createFileRoute } from '@tanstack/react-router'
import { ImportPage } from '@/features/import/ImportPage'

export const Route = createFileRoute('/_signed-in/settings/import')({
  staticData: { title: 'Import' },
  component: ImportPage,
})
