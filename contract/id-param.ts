import * as zm from 'zod/mini'
import { API_MSG } from './messages'

/**
 * The ids a request names, in its path or query: the wire's `_id`, a UUID. A module apart from the
 * answers', so that a screen reading pets does not build these.
 */
export const idParam = zm.object({ id: zm.uuid({ message: API_MSG.invalidId }) })

/** GET /pet/petbyid?petId=: public, no token. */
export const petByIdQuery = zm.strictObject({ petId: zm.uuid({ message: API_MSG.invalidId }) })
export type PetByIdQuery = zm.infer<typeof petByIdQuery>

/**
 * GET /admin/user/{id}/pet/{petId}: the pet page's record for the panel, where a signed-in admin
 * cannot open the public page; a pet of another owner is not found.
 */
export const userPetParams = zm.extend(idParam, { petId: zm.uuid({ message: API_MSG.invalidId }) })
