import * as zm from 'zod/mini'
import { TRASH_KINDS } from './enums'
import { idParam } from './id-param'

export const trashKind = zm.enum(TRASH_KINDS, { error: 'Choose a kind' })

/**
 * A deleted record waiting in the trash (Settings > Trash): what it was, when and by whom it was
 * deleted, and when the server erases it. `deletedBy` keeps the admin's email; its `_id` is null
 * once their account is gone. `restoreBlocker` says why Restore would be refused now (a site whose
 * city is gone, a city whose name another city took), so the screen can say so before trying.
 */
export const trashItem = zm.object({
  _id: zm.string(),
  kind: trashKind,
  name: zm.string(),
  deletedAt: zm.string(),
  deletedBy: zm.nullable(zm.object({ _id: zm.nullable(zm.string()), email: zm.string() })),
  purgeAt: zm.string(),
  restoreBlocker: zm.nullable(zm.string()),
})
export type TrashItem = zm.infer<typeof trashItem>

/** POST /admin/trash/{kind}/{id}/restore and DELETE /admin/trash/{kind}/{id} (delete forever). */
export const trashParam = zm.extend(idParam, { kind: trashKind })
export type TrashParam = zm.infer<typeof trashParam>

export const TRASH_MSG = {
  listed: 'Trash fetched successfully',
  restored: 'Restored successfully',
  purged: 'Deleted forever',
  notFound: 'Not found in the trash',
  siteCityGone: 'This site’s city is deleted. Restore the city first, then the site.',
  cityNameTaken: 'A city with this name already exists. Rename that city first, then restore this one.',
} as const
