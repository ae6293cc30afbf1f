import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { PLACE_STATUS, type SiteListItem } from '@contract'
import { PencilIcon, PlusIcon } from '@/components/layout/shell-icons'
import { Button, buttonClass } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Switch } from '@/components/ui/Switch'
import { useCan } from '@/lib/auth'
import { movesToTrash } from '@/lib/trash'
import { useDeleteSite, useToggleSiteStatus } from './api'
import { ToolLabel, useToolButtonClass } from '@/components/list/tools'

/**
 * The status switch (both roles): on is Active. A press toggles at once (optimistic; the server
 * flips 1 <-> 2 and its message shows), and the previous status comes back if the change fails.
 */
export function SiteStatusSwitch({ site, label }: { site: Pick<SiteListItem, '_id' | 'name' | 'status'>; label?: string }) {
  const toggle = useToggleSiteStatus()
  return (
    <Switch
      checked={site.status === PLACE_STATUS.ACTIVE}
      onChange={() => toggle.mutate({ _id: site._id, status: site.status })}
      busy={toggle.isPending}
      label={label ?? `Active: ${site.name}`}
    />
  )
}

/**
 * Delete, after a confirm dialog that stays open (busy) until the server has answered. Renders
 * nothing for a sub admin. `compact` is the table's small button; the details page uses the full one.
 */
export function DeleteSiteButton({
  site,
  compact = false,
  onDeleted,
}: {
  site: Pick<SiteListItem, '_id' | 'name'>
  compact?: boolean
  /** After a successful delete (the details page goes back to the city). */
  onDeleted?: () => unknown
}) {
  const [open, setOpen] = useState(false)
  const canDelete = useCan('site.delete')
  const remove = useDeleteSite({ onDeleted })
  if (!canDelete) return null
  return (
    <>
      <Button
        variant="danger"
        onClick={() => setOpen(true)}
        aria-label={compact ? `Delete ${site.name}` : undefined}
        className={compact ? 'min-h-8 px-3 py-1 text-xs' : ''}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete site?"
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(site._id, { onSettled: () => setOpen(false) })}
      >
        {movesToTrash(site.name)}
      </ConfirmDialog>
    </>
  )
}

/** The city page's 'Add Site' (both roles add sites), for this city. */
export function AddSiteLink({ cityId }: { cityId: string }) {
  const size = useToolButtonClass()
  return (
    <Link to="/sites/add-site" search={{ cityId }} className={buttonClass('primary', size)}>
      <PlusIcon className="h-5 w-5" />
      <ToolLabel>Add Site</ToolLabel>
    </Link>
  )
}

/** The details page's 'Edit' (both roles edit sites). */
export function EditSiteLink({ site }: { site: Pick<SiteListItem, '_id'> }) {
  return (
    <Link to="/sites/site" search={{ siteId: site._id }} className={buttonClass('secondary')}>
      <PencilIcon className="h-4 w-4" />
      Edit
    </Link>
  )
}
