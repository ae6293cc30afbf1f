import { useState } from 'react'
import type { City } from '@contract'
import { PencilIcon, PlusIcon } from '@/components/layout/icons'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { useCan } from '@/lib/auth'
import { movesToTrash } from '@/lib/trash'
import { useDeleteCity } from './api'
import { CityDialog } from './CityDialog'

/** The list header's 'Add City' (both roles add cities: docs/DECISIONS.md, Roles), opening the name dialog. */
export function AddCityButton() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)} className="h-10">
        <PlusIcon className="h-5 w-5" />
        Add City
      </Button>
      {open && <CityDialog open onClose={() => setOpen(false)} />}
    </>
  )
}

/** A row's Edit: the same dialog, starting from the city's name (both roles rename). */
export function EditCityButton({ city }: { city: Pick<City, '_id' | 'name'> }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Edit ${city.name}`}
        title="Edit"
        className="inline-flex h-8 w-8 items-center justify-center rounded-full text-primary-700 hover:bg-primary-50"
      >
        <PencilIcon className="h-5 w-5" />
      </button>
      {open && <CityDialog open city={city} onClose={() => setOpen(false)} />}
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
