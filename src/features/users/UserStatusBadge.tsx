import { USER_STATUS, type UserStatus } from '@contract'
import { Badge } from '@/components/ui/Badge'

export const userStatusLabel: Record<UserStatus, string> = { 1: 'Active', 2: 'Blocked' }

/** A user's status: Active (green) or Blocked (red). */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={status === USER_STATUS.ACTIVE ? 'success' : 'danger'}>{userStatusLabel[status]}</Badge>
}
