import { Suspense, useState } from 'react'
import type { AuditEntry } from '@contract'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { Button } from '@/components/ui/Button'
import { formatDateTime } from '@/lib/format'
import { lazyChunk, useLazyTrigger } from '@/lib/lazy-chunk'
import { actionLabel } from './labels'

// The entry's dialog (Headless UI's Dialog) is not part of the log's first load: its code comes as
// a View button is neared, or on the press.
const importDialog = () => import('./AuditEntryDialog')
const AuditEntryDialog = lazyChunk(importDialog, ChunkLoadFailed)

/**
 * A row's 'View' button and the dialog it opens. The dialog is mounted when first opened and stays
 * mounted after, so that closing plays out and focus goes back to the button.
 */
export function ViewAuditEntry({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  if (open && !used) setUsed(true)
  const { loading, start, near } = useLazyTrigger(importDialog)
  return (
    <>
      <Button
        variant="ghost"
        className="min-h-8 px-3 py-1"
        aria-label={`View ${actionLabel(entry.action)}, ${formatDateTime(entry.at)}`}
        onClick={() => start(() => setOpen(true))}
        {...near}
        aria-busy={loading || undefined}
      >
        View
      </Button>
      <Suspense fallback={null}>{used && <AuditEntryDialog entry={entry} open={open} onClose={() => setOpen(false)} />}</Suspense>
    </>
  )
}
