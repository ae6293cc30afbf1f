import * as zm from 'zod/mini'
import { API_MSG } from './messages'

/** A path id: the wire's `_id`, a UUID. */
export const idParam = zm.object({ id: zm.uuid({ message: API_MSG.invalidId }) })
