import { AUDIT_ACTIONS, auditTargetLabel, type AuditEntry } from '@contract'

/** The readable name of an action's area (`petShop` of 'petShop.delete'); the target kinds' labels where they fit. */
const areaLabel: Record<string, string> = {
  ...auditTargetLabel,
  auth: 'Sign-in',
  authz: 'Access',
  profile: 'Profile',
  partner: 'Partner',
  feedback: 'Feedback',
  cms: 'CMS page',
  audit: 'Audit log',
}

/** 'petShop.delete' → 'Pet shop · delete', 'auth.sign_in_failed' → 'Sign-in · sign in failed'; unknown areas as written. */
export function actionLabel(action: string): string {
  const dot = action.indexOf('.')
  if (dot < 0) return action
  const area = action.slice(0, dot)
  const verb = action.slice(dot + 1).replace(/_/g, ' ')
  return `${areaLabel[area] ?? area} · ${verb}`
}

/** The action filter's choices: every action the server records, by its readable name. */
export const actionOptions = AUDIT_ACTIONS.map((action) => ({ value: action as string, label: actionLabel(action) }))

/** A target's kind as a person reads it ('Pet shop'), or the kind as written when it is not a known one. */
export const targetTypeLabel = (type: string): string => (auditTargetLabel as Record<string, string>)[type] ?? type

/**
 * A bulk action's group entry (contract/audit.ts `group`): the one of its group with a kind but no
 * single target, labelled with what the action came to ('3 changed, 1 skipped').
 */
export const isBulkGroupEntry = (entry: AuditEntry): entry is AuditEntry & { group: string } =>
  entry.group !== null && entry.target !== null && entry.target.id === null

/** What a target is called: its label, else its id. */
export const targetName = (target: NonNullable<AuditEntry['target']>): string | null => target.label ?? target.id
