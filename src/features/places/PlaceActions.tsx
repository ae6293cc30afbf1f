import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { PLACE_STATUS, type PlaceKind, type PlaceListItem } from '@contract'
import { PencilIcon, PlusIcon } from '@/components/layout/shell-icons'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Switch } from '@/components/ui/Switch'
import { useCan } from '@/lib/auth'
import { movesToTrash } from '@/lib/trash'
import { useDeletePlace, useTogglePlaceStatus } from './api'
import { PLACE_SCREENS } from './kinds'
import { ToolLabel, useToolButtonClass } from '@/components/list/tools'

/**
 * The status switch: on is Active. A press toggles at once (optimistic; the server flips 1 <-> 2
 * and its message shows), and the previous status comes back if the change fails.
 */
export function PlaceStatusSwitch({ kind, place, label }: { kind: PlaceKind; place: PlaceListItem; label?: string }) {
  const toggle = useTogglePlaceStatus(kind)
  return (
    <Switch
      checked={place.status === PLACE_STATUS.ACTIVE}
      onChange={() => toggle.mutate({ _id: place._id, status: place.status })}
      busy={toggle.isPending}
      // A draft cannot be activated until its form is saved (the server answers 409).
      disabled={place.draft}
      label={`${label ?? `Active: ${place.name}`}${place.draft ? ' (a draft: complete it first)' : ''}`}
    />
  )
}

/**
 * Delete, after a confirm dialog that stays open (busy) until the server has answered. Renders
 * nothing for a sub admin. `compact` is the table's small button; the details page uses the full one.
 */
export function DeletePlaceButton({
  kind,
  place,
  compact = false,
  onDeleted,
}: {
  kind: PlaceKind
  place: Pick<PlaceListItem, '_id' | 'name'>
  compact?: boolean
  /** After a successful delete (the details page goes back to the list). */
  onDeleted?: () => unknown
}) {
  const [open, setOpen] = useState(false)
  const canDelete = useCan('place.delete')
  const remove = useDeletePlace(kind, { onDeleted })
  if (!canDelete) return null
  const { noun } = PLACE_SCREENS[kind]
  return (
    <>
      <Button
        variant="danger"
        onClick={() => setOpen(true)}
        aria-label={compact ? `Delete ${place.name}` : undefined}
        className={compact ? 'min-h-8 px-3 py-1 text-xs' : ''}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${noun}?`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(place._id, { onSettled: () => setOpen(false) })}
      >
        {movesToTrash(place.name)}
      </ConfirmDialog>
    </>
  )
}

const linkButton = {
  primary:
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-primary-700 px-4 py-2 text-sm font-semibold text-white hover:bg-primary-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-300',
  secondary:
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-300',
} as const

/** The list header's 'Add Pet Shop' / 'Add Hospital' (both roles add places: docs/DECISIONS.md, Roles). */
export function AddPlaceLink({ kind }: { kind: PlaceKind }) {
  const { addPath, addTitle } = PLACE_SCREENS[kind]
  const size = useToolButtonClass()
  return (
    <Link to={addPath} className={`${linkButton.primary} ${size}`}>
      <PlusIcon className="h-5 w-5" />
      <ToolLabel>{addTitle}</ToolLabel>
    </Link>
  )
}

/** The details page's 'Edit' (both roles edit places). */
export function EditPlaceLink({ kind, place }: { kind: PlaceKind; place: Pick<PlaceListItem, '_id'> }) {
  return (
    <Link to={PLACE_SCREENS[kind].editPath} params={{ id: place._id }} className={linkButton.secondary}>
      <PencilIcon className="h-4 w-4" />
      Edit
    </Link>
  )
}
