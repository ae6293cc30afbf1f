import { Suspense, useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import type { ListFilterPart } from '@/components/list'
import { buttonClass } from '@/components/ui/Button'
import { lazyChunk, useLazyDialog } from '@/lib/lazy-component'
import { userLabel } from '@/lib/user-label'
import { sentToUserQuery } from './api'

// The picker's dialog (Headless UI's Dialog) is not part of the list's first load: its code comes
// as the button is neared, or on the press.
const importDialog = () => import('./SentToDialog')
const SentToDialog = lazyChunk(importDialog, ChunkLoadFailed)

/** The chosen user's name, looked up from their id (the URL keeps the id). */
function SentToName({ id }: { id: string | undefined }) {
  const chosen = useQuery({ ...sentToUserQuery(id ?? ''), enabled: id !== undefined })
  return id === undefined ? 'Anyone' : chosen.data ? userLabel(chosen.data) : chosen.isError ? 'Unknown user' : 'Loading…'
}

/**
 * The "Sent to" filter's control in the Filters panel: which notifications one user received, for
 * the question "did they get it?". Its button closes the panel (focus back on Filters, where the
 * dialog returns it) and opens the short user picker in a dialog; the chosen user's id is kept in
 * the list's URL. Its chip's × clears it.
 */
function SentToControl({ value, onChange, closePanel }: { value: string | undefined; onChange: (id: string | undefined) => void; closePanel: () => void }) {
  const dialog = useLazyDialog(importDialog)
  const labelId = useId()
  const buttonId = useId()
  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Sent to
      </span>
      <button
        id={buttonId}
        type="button"
        aria-haspopup="dialog"
        aria-labelledby={`${labelId} ${buttonId}`}
        onClick={() => {
          closePanel()
          dialog.show()
        }}
        {...dialog.trigger}
        className={buttonClass('secondary', 'w-full justify-start truncate')}
      >
        <SentToName id={value} />
      </button>
      <Suspense fallback={null}>
        {dialog.opened && (
          <SentToDialog
            open={dialog.open}
            onClose={dialog.close}
            onPick={(user) => {
              onChange(user._id)
              dialog.close()
            }}
          />
        )}
      </Suspense>
    </div>
  )
}

/** The notifications list's "Sent to" filter, one part of its Filters panel. */
export function sentToFilter<Q extends { recipientId?: string | undefined }>(): ListFilterPart<Q> {
  return {
    label: 'Sent to',
    keys: ['recipientId'] as (keyof Q & string)[],
    chip: (state) => <SentToName id={state.recipientId} />,
    control: (state, change, closePanel) => (
      <SentToControl value={state.recipientId} onChange={(recipientId) => change({ recipientId } as Partial<Q>)} closePanel={closePanel} />
    ),
  }
}
