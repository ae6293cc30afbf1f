import { Suspense, useState, useTransition, type ComponentProps } from 'react'
import { roleLabel, type Role } from '@contract'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { ChevronDownIcon } from '@/components/layout/icons'
import { PHONE_SCREEN, useMediaQuery } from '@/components/layout/useMediaQuery'
import { Avatar } from '@/components/ui/Avatar'
import { useAuth } from '@/lib/auth'
import { lazyChunk, type ChunkFailure } from '@/lib/lazy-chunk'
import { prefetchChunk } from '@/lib/prefetch'

// The menu (Headless UI's Popover, the name form, the picture upload) is not part of the signed-in
// layout's first load: the server's page names its files as prefetch (server/route-chunks.ts), and
// its code runs when the pointer or the focus nears the trigger, or on its first press.
const importMenu = () => import('./ProfileMenu')
const UserMenu = lazyChunk(importMenu, MenuFailed)
const prefetchMenu = () => prefetchChunk(importMenu)

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

/**
 * The top bar's user block: name, role label, picture, and the profile menu. On a phone it is the
 * picture and the menu alone, so that it always fits beside the menu toggle and the logo; the
 * menu then shows the role under the picture (the name is in its name field).
 *
 * Until the menu is first pressed, its trigger is a plain button that looks the same. The press
 * loads the menu, which takes the block's place and opens; as a transition, so the plain block
 * stays (marked busy) until then.
 */
export function UserBlock() {
  const { userDetails } = useAuth()
  const phone = useMediaQuery(PHONE_SCREEN)
  const [pressed, setPressed] = useState(false)
  const [loading, startLoading] = useTransition()
  if (!userDetails) return null
  const plain = (
    <div className={USER_BLOCK_CLASS}>
      {!phone && <UserSummary name={userDetails.name} role={userDetails.role} />}
      <ProfileMenuButton
        picture={userDetails.profileImage}
        aria-expanded={false}
        aria-busy={loading || undefined}
        onClick={() => startLoading(() => setPressed(true))}
        onPointerEnter={prefetchMenu}
        onFocus={prefetchMenu}
      />
    </div>
  )
  // The boundary is there from the start: a transition then keeps showing what it already shows.
  return <Suspense fallback={plain}>{pressed ? <UserMenu phone={phone} /> : plain}</Suspense>
}

/**
 * The menu's code did not arrive: the failure and its Retry where the menu opens, which the
 * trigger hides and shows again.
 */
function MenuFailed({ props: { phone }, ...failure }: ChunkFailure & { props: UserMenuProps }) {
  const { userDetails } = useAuth()
  const [shown, setShown] = useState(true)
  if (!userDetails) return null
  return (
    <div className={USER_BLOCK_CLASS}>
      {!phone && <UserSummary name={userDetails.name} role={userDetails.role} />}
      <ProfileMenuButton
        picture={userDetails.profileImage}
        aria-expanded={shown}
        data-open={shown ? '' : undefined}
        onClick={() => setShown((s) => !s)}
      />
      {shown && (
        <div className={`${MENU_PLACE_CLASS} rounded-lg shadow-lg`}>
          <ChunkLoadFailed {...failure} />
        </div>
      )}
    </div>
  )
}
