import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch } from '@/components/list/search'
import { TrashPage } from '@/features/trash/TrashPage'
import { loadChunk } from '@/lib/load-chunk'

export const Route = createFileRoute('/_signed-in/settings/trash')({
  validateSearch: listSearch(LIST_PARAMS.trash),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  // The trash's api comes with its screen's code, not with the app's first load (the loaders of
  // every route are in the entry): the fetch starts as soon as it arrives, and is never waited for.
  loader: ({ context, deps }) =>
    void loadChunk(() => import('@/features/trash/api')).then(
      (api) => api.prefetchTrash(context, deps),
      () => undefined,
    ),
  staticData: { title: 'Trash' },
  component: TrashPage,
})
