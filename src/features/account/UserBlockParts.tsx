import type { ComponentProps } from 'react'
import { roleLabel, type Role } from '@contract'
import { ChevronDownIcon } from '@/components/layout/shell-icons'
import { Avatar } from '@/components/ui/Avatar'

/*
 * What the top bar's user block (UserBlock.tsx) and its lazy menu (ProfileMenu.tsx) both draw: the
 * plain block stands in for the menu until it loads, so the two look the same.
 */

/** What the lazy menu (ProfileMenu.tsx) takes. */
export type UserMenuProps = { phone: boolean }

/** The block's row, and where the menu hangs from: under the trigger, its right edge on the block's. */
export const USER_BLOCK_CLASS = 'relative flex items-center gap-3'
/** Where the menu opens, and how wide it is (within a phone's width). */
export const MENU_PLACE_CLASS = 'absolute right-0 top-full z-40 mt-2 w-[min(20rem,calc(100vw-1rem))]'

/** The name and the role label beside the trigger (not on a phone, where the menu shows the role). */
export function UserSummary({ name, role }: { name: string; role: Role }) {
  return (
    <div className="min-w-0 text-right leading-tight">
      <p className="max-w-[40vw] truncate text-sm font-semibold text-slate-900">{name}</p>
      <p className="text-xs text-slate-500">{roleLabel[role]}</p>
    </div>
  )
}

/**
 * The menu's trigger as it looks: the picture and an arrow. The menu's PopoverButton renders as
 * this too (`as`), with what Headless UI adds to it.
 */
export function ProfileMenuButton({ picture, ...button }: ComponentProps<'button'> & { picture: string | null }) {
  return (
    <button
      type="button"
      aria-label="Profile menu"
      className="flex items-center gap-1 rounded-full p-1 text-slate-600 hover:bg-slate-100 data-[open]:bg-slate-100"
      {...button}
    >
      <Avatar src={picture} alt="Profile picture" fallbackAlt="Default profile picture" />
      <ChevronDownIcon className="h-4 w-4" />
    </button>
  )
}
