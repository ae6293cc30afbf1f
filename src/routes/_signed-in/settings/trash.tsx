import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch } from '@/components/list/search'
import { prefetchTrash } from '@/features/trash/api'
import { TrashPage } from '@/features/trash/TrashPage'

export const Route = createFileRoute('/_signed-in/settings/trash')({
  validateSearch: listSearch(LIST_PARAMS.trash),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  loader: ({ context, deps }) => prefetchTrash(context, deps),
  staticData: { title: 'Trash' },
  component: TrashPage,
})
