import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { listDefaults, trashListQuery } from '@contract'
import { listDeps, listSearch } from '@/components/list/search'
import { prefetchTrash } from '@/features/trash/api'
import { TrashPage } from '@/features/trash/TrashPage'

export const Route = createFileRoute('/_signed-in/settings/trash')({
  validateSearch: listSearch(trashListQuery),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  loader: ({ context, deps }) => prefetchTrash(context, deps),
  staticData: { title: 'Trash' },
  component: TrashPage,
})
