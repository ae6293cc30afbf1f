import type { UserSummary } from '@contract'
import { Avatar } from '@/components/ui/Avatar'
import { OrDashes } from '@/components/ui/Dashes'

/** A recipient's username with their avatar (the default one without a picture), as the product's recipient tables show it. */
export function RecipientName({ user }: { user: UserSummary }) {
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      <Avatar src={user.profileImage} alt="" className="h-8 w-8" />
      <OrDashes value={user.username} />
    </span>
  )
}
