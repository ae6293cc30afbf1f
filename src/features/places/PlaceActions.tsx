import { useState } from 'react'
import { PLACE_STATUS, ROLE, type PlaceKind, type PlaceListItem } from '@contract'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Switch } from '@/components/ui/Switch'
import { useAuth } from '@/lib/auth'
import { useDeletePlace, useTogglePlaceStatus } from './api'
import { PLACE_SCREENS } from './kinds'

/** DESIGN.md section 3: only an admin deletes places; a sub admin does not see the button (the server answers 403). */
export function useCanDeletePlaces() {
  return useAuth().userDetails?.role === ROLE.ADMIN
}

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
      label={label ?? `Active: ${place.name}`}
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
  const canDelete = useCanDeletePlaces()
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
        {`${place.name} will be removed for good. This cannot be undone.`}
      </ConfirmDialog>
    </>
  )
}
