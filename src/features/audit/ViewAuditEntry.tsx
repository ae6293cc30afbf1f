import { Suspense } from 'react'
import type { AuditEntry } from '@contract'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { Button } from '@/components/ui/Button'
import { formatDateTime } from '@/lib/format'
import { lazyChunk, useLazyDialog } from '@/lib/lazy-component'
import { actionLabel } from './labels'

// The entry's dialog (Headless UI's Dialog) is not part of the log's first load: its code comes as
// a View button is neared, or on the press.
const importDialog = () => import('./AuditEntryDialog')
const AuditEntryDialog = lazyChunk(importDialog, ChunkLoadFailed)

/**
 * A row's 'View' button and the dialog it opens (mounted when first opened).
 */
export function ViewAuditEntry({ entry }: { entry: AuditEntry }) {
  const dialog = useLazyDialog(importDialog)
  return (
    <>
      <Button
        variant="ghost"
        className="min-h-8 px-3 py-1"
        aria-label={`View ${actionLabel(entry.action)}, ${formatDateTime(entry.at)}`}
        onClick={dialog.show}
        {...dialog.trigger}
      >
        View
      </Button>
      <Suspense fallback={null}>{dialog.opened && <AuditEntryDialog entry={entry} open={dialog.open} onClose={dialog.close} />}</Suspense>
    </>
  )
}
