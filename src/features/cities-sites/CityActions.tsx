import { Suspense, useState } from 'react'
import type { City } from '@contract'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { PencilIcon, PlusIcon } from '@/components/layout/shell-icons'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { useCan } from '@/lib/auth'
import { lazyChunk, useLazyTrigger } from '@/lib/lazy-component'
import { movesToTrash } from '@/lib/trash'
import { useDeleteCity } from './api'
import { ToolLabel, useToolButtonClass } from '@/components/list/tools'

// The name dialog (its form, Headless UI's Dialog) is not part of the list's first load: its code
// comes as an Add or Edit button is neared, or on the press.
const importDialog = () => import('./CityDialog')
const CityDialog = lazyChunk(importDialog, ChunkLoadFailed)

/** The list header's 'Add City' (both roles add cities: docs/DECISIONS.md, Roles), opening the name dialog. */
export function AddCityButton() {
  const [open, setOpen] = useState(false)
  const { start, trigger } = useLazyTrigger(importDialog)
  const size = useToolButtonClass()
  return (
    <>
      <Button onClick={() => start(() => setOpen(true))} {...trigger} className={size}>
        <PlusIcon className="h-5 w-5" />
        <ToolLabel>Add City</ToolLabel>
      </Button>
      <Suspense fallback={null}>{open && <CityDialog open onClose={() => setOpen(false)} />}</Suspense>
    </>
  )
}

/** A row's Edit: the same dialog, starting from the city's name (both roles rename). */
export function EditCityButton({ city }: { city: Pick<City, '_id' | 'name'> }) {
  const [open, setOpen] = useState(false)
  const { start, trigger } = useLazyTrigger(importDialog)
  return (
    <>
      <button
        type="button"
        onClick={() => start(() => setOpen(true))}
        {...trigger}
        aria-label={`Edit ${city.name}`}
        title="Edit"
        className="inline-flex h-8 w-8 items-center justify-center rounded-full text-primary-700 hover:bg-primary-50"
      >
        <PencilIcon className="h-5 w-5" />
      </button>
      <Suspense fallback={null}>{open && <CityDialog open city={city} onClose={() => setOpen(false)} />}</Suspense>
    </>
  )
}

/**
 * Delete, after a confirm dialog that stays open (busy) until the server has answered. A city
 * that still has sites is refused by the server (409) with its message, which the client shows.
 * Renders nothing for a sub admin.
 */
export function DeleteCityButton({ city, onDeleted }: { city: Pick<City, '_id' | 'name'>; onDeleted?: () => unknown }) {
  const [open, setOpen] = useState(false)
  const canDelete = useCan('city.delete')
  const remove = useDeleteCity({ onDeleted })
  if (!canDelete) return null
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} aria-label={`Delete ${city.name}`} className="min-h-8 px-3 py-1 text-xs">
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete city?"
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(city._id, { onSettled: () => setOpen(false) })}
      >
        {movesToTrash(city.name)}
      </ConfirmDialog>
    </>
  )
}
