import { Suspense, useState, useTransition } from 'react'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { PHONE_SCREEN, useMediaQuery } from '@/components/layout/useMediaQuery'
import { useAuth } from '@/lib/auth'
import { lazyChunk, type ChunkFailure } from '@/lib/lazy-component'
import { prefetchChunk } from '@/lib/prefetch'
import { MENU_PLACE_CLASS, ProfileMenuButton, USER_BLOCK_CLASS, UserSummary, type UserMenuProps } from './UserBlockParts'

// The menu (Headless UI's Popover, the name form, the picture upload) is not part of the signed-in
// layout's first load (a dynamic import, which the server's page does not name: server/route-map.ts):
// its code is fetched when the pointer or the focus nears the trigger, or on its first press.
const importMenu = () => import('./ProfileMenu')
const UserMenu = lazyChunk(importMenu, MenuFailed)
const prefetchMenu = () => prefetchChunk(importMenu)

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
