import { z } from 'zod'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { cap } from '../validation'
import { AUDIT_MSG } from '../audit'

const isoDay = z.iso.date({ message: AUDIT_MSG.badDate })

/**
 * GET /admin/audit-log and its export: the list kit's query (search over actor email, action
 * and target label), plus an exact action, an actor (admin id), a range of whole days
 * (YYYY-MM-DD, both inclusive, in UTC) and a bulk action's group.
 */
export const auditListQuery = listQuery({ sortBy: LIST_PARAMS.audit.sortBy })
  .extend({
    action: z
      .string()
      .trim()
      .min(1, AUDIT_MSG.badAction)
      .max(LIST_PARAMS.audit.params.action.maxLength, cap(AUDIT_MSG.badAction))
      .optional(),
    actorId: z.uuid({ message: AUDIT_MSG.badActor }).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** One bulk action's entries: its group entry and each row's (AuditEntry `group`). */
    group: z.uuid({ message: AUDIT_MSG.badGroup }).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { path: ['to'], message: AUDIT_MSG.fromAfterTo })
export type AuditListQuery = z.infer<typeof auditListQuery>
