import { Suspense } from 'react'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { lazyChunk, useOpenedOnce } from '@/lib/lazy-component'
import type { ConfirmDialogProps } from './ConfirmDialogPanel'

const ConfirmDialogPanel = lazyChunk(() => import('./ConfirmDialogPanel'), ChunkLoadFailed)

/**
 * A yes/no question before a consequential action (block a user, delete a shop...). Nearly every
 * list row has one, few are ever opened: the dialog's code (Headless UI's Dialog) loads when the
 * first is opened, and stays mounted from then on so that closing plays out and focus goes back
 * to the control that opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open)
  return opened ? (
    <Suspense fallback={null}>
      <ConfirmDialogPanel {...props} />
    </Suspense>
  ) : null
}
