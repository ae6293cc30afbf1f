import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { HeaderDialogButton } from '@/components/list/HeaderDialogButton'
import { ViewsIcon } from '@/components/list/list-icons'
import type { ListViewsProps } from '@/components/list/tools'
import { lazyChunk } from '@/lib/lazy-component'

// The views, their list and their forms load when the control is first opened.
const ViewsDialog = lazyChunk(() => import('./ViewsDialog'), ChunkLoadFailed)

/** The list header's Views button: the list's shared and personal views, Save current view, manage. */
export function ViewsButton(props: ListViewsProps) {
  return <HeaderDialogButton label="Views" icon={ViewsIcon} dialog={(close) => <ViewsDialog {...props} onClose={close} />} />
}
