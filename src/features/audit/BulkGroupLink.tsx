import { Link } from '@tanstack/react-router'
import type { AuditEntry } from '@contract'

/**
 * The link from a bulk action's entry to all of its group's (the log filtered by `group`): from
 * the group entry, its rows; from a row's, the action it was part of.
 */
export function BulkGroupLink({ entry, onClick }: { entry: AuditEntry & { group: string }; onClick?: () => void }) {
  return (
    <Link to="/settings/audit-log" search={{ group: entry.group }} onClick={onClick} className="font-medium text-primary-700 underline-offset-2 hover:underline">
      Show the bulk action’s entries
    </Link>
  )
}
