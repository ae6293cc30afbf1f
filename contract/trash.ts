import { z } from 'zod'
import { TRASH_KINDS } from './enums'
import { idParam, listQuery } from './list'
import { LIST_PARAMS } from './list-params'

export const trashKind = z.enum(TRASH_KINDS, { error: 'Choose a kind' })

/**
 * A deleted record waiting in the trash (Settings > Trash): what it was, when and by whom it was
 * deleted, and when the server erases it. `deletedBy` keeps the admin's email; its `_id` is null
 * once their account is gone. `restoreBlocker` says why Restore would be refused now (a site whose
 * city is gone, a city whose name another city took), so the screen can say so before trying.
 */
export const trashItem = z.object({
  _id: z.string(),
  kind: trashKind,
  name: z.string(),
  deletedAt: z.string(),
  deletedBy: z.object({ _id: z.string().nullable(), email: z.string() }).nullable(),
  purgeAt: z.string(),
  restoreBlocker: z.string().nullable(),
})
export type TrashItem = z.infer<typeof trashItem>

/** GET /admin/trash: newest deletions first by default; search by name; filter by kind. */
export const trashListQuery = listQuery({ sortBy: LIST_PARAMS.trash.sortBy, filter: trashKind })
export type TrashListQuery = z.infer<typeof trashListQuery>

/** POST /admin/trash/{kind}/{id}/restore and DELETE /admin/trash/{kind}/{id} (delete forever). */
export const trashParam = idParam.extend({ kind: trashKind })
export type TrashParam = z.infer<typeof trashParam>

export const TRASH_MSG = {
  listed: 'Trash fetched successfully',
  restored: 'Restored successfully',
  purged: 'Deleted forever',
  notFound: 'Not found in the trash',
  siteCityGone: 'This site’s city is deleted. Restore the city first, then the site.',
  cityNameTaken: 'A city with this name already exists. Rename that city first, then restore this one.',
} as const
