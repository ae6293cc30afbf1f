import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { lazyChunk } from '@/lib/lazy-component'
import type { ColumnChoice } from './columnChoice'
import { HeaderDialogButton } from './HeaderDialogButton'
import { ColumnsIcon } from './list-icons'

// The dialog's code loads when it is first opened, not with the list.
const ColumnsDialog = lazyChunk(() => import('./ColumnsDialog'), ChunkLoadFailed)

/** The list header's Columns button: opens the dialog that shows, hides and reorders the list's columns. */
export function ColumnsButton({ name, choice }: { name: string; choice: ColumnChoice }) {
  return <HeaderDialogButton label="Columns" icon={ColumnsIcon} dialog={(close) => <ColumnsDialog name={name} choice={choice} onClose={close} />} />
}
