import { Suspense, useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { CloseIcon } from '@/components/layout/icons'
import { buttonClass } from '@/components/ui/Button'
import { lazyChunk, useLazyTrigger, useOpenedOnce } from '@/lib/lazy-chunk'
import { userLabel } from '@/lib/user-label'
import { sentToUserQuery } from './api'

// The picker's dialog (Headless UI's Dialog) is not part of the list's first load: its code comes
// as the button is neared, or on the press.
const importDialog = () => import('./SentToDialog')
const SentToDialog = lazyChunk(importDialog, ChunkLoadFailed)

/**
 * The notifications list's "Sent to" filter: which notifications one user received, for the
 * question "did they get it?". Choosing opens the short user picker in a dialog; the chosen
 * user's id is kept in the list's URL (the name is looked up), and the × clears it.
 */
export function SentToFilter({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  const [open, setOpen] = useState(false)
  const opened = useOpenedOnce(open)
  const { start, trigger } = useLazyTrigger(importDialog)
  const labelId = useId()
  const buttonId = useId()
  const chosen = useQuery({ ...sentToUserQuery(value ?? ''), enabled: value !== undefined })
  const shown = value === undefined ? 'Anyone' : chosen.data ? userLabel(chosen.data) : chosen.isError ? 'Unknown user' : 'Loading…'
  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Sent to
      </span>
      <div className="flex items-center gap-1">
        <button
          id={buttonId}
          type="button"
          aria-haspopup="dialog"
          aria-labelledby={`${labelId} ${buttonId}`}
          onClick={() => start(() => setOpen(true))}
          {...trigger}
          className={buttonClass('secondary', 'max-w-64 justify-start truncate')}
        >
          {shown}
        </button>
        {value !== undefined && (
          <button
            type="button"
            aria-label="Clear Sent to"
            onClick={() => onChange(undefined)}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        )}
      </div>
      <Suspense fallback={null}>
        {opened && (
          <SentToDialog
            open={open}
            onClose={() => setOpen(false)}
            onPick={(user) => {
              onChange(user._id)
              setOpen(false)
            }}
          />
        )}
      </Suspense>
    </div>
  )
}
