import { Suspense, useEffect, useId, useState, type ReactNode } from 'react'
import { Link, useMatches, useRouterState } from '@tanstack/react-router'
import { PRODUCT_NAME } from '@contract/page-title'
import { Breadcrumbs } from './Breadcrumbs'
import { Logo, PawIcon } from '@/components/ui/Logo'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { lazyChunk, type ChunkFailure } from '@/lib/lazy-component'
import { prefetchChunk } from '@/lib/prefetch'
import { MenuIcon, SearchIcon } from './shell-icons'
import type { MobileDrawerProps } from './MobileDrawer'
import { mainMenu } from './navigation'
import { NavList } from './NavList'
import { SCREEN, useMediaQuery } from './useMediaQuery'

const CommandPalette = lazyChunk(() => import('./CommandPalette'), ChunkLoadFailed)
const ShortcutsDialog = lazyChunk(() => import('./ShortcutsDialog'), ChunkLoadFailed)
// The overlay drawer (Headless UI's Dialog) is not part of the layout's first load: its code is
// fetched when the pointer or the focus nears the toggle on a small screen, and it is mounted
// when first opened.
const importDrawer = () => import('./MobileDrawer')
const MobileDrawer = lazyChunk(importDrawer, DrawerFailed)

/** The drawer's code did not arrive: the failure and its Retry below the top bar while it is open. */
function DrawerFailed({ props: { open }, ...failure }: ChunkFailure & { props: MobileDrawerProps }) {
  if (!open) return null
  return (
    <div className="fixed inset-x-2 top-topbar z-40 mt-2 rounded-lg shadow-lg sm:right-auto sm:w-80">
      <ChunkLoadFailed {...failure} />
    </div>
  )
}

/** Ctrl+K, or Cmd+K on macOS: the browser's own use of it (its search bar) gives way to the palette. */
const isPaletteKey = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'

/** `?` shows the shortcuts, unless it is being typed (a text field, an editor) or another dialog is open. */
function isHelpKey(event: KeyboardEvent) {
  if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return false
  const target = event.target instanceof Element ? event.target : null
  return !target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"]')
}

/** A lazy dialog's state: its code loads the first time it is asked for, and it stays mounted after. */
type Lazy = 'never' | 'open' | 'closed'

/**
 * The signed-in layout: a 64 px top bar (menu toggle, logo to the dashboard,
 * the live updates' status, the user block), a 200 px drawer with the main menu and the breadcrumb bar above the page.
 * From md (900 px) the drawer is persistent and the content sits 238 px from the left; below it
 * the drawer is a modal overlay that starts closed and closes once an entry is chosen.
 */
export function AdminLayout({
  userBlock,
  status,
  onSignOut,
  children,
}: {
  userBlock?: ReactNode
  status?: ReactNode
  /** The sign-out the palette's Sign out runs (the profile menu's). */
  onSignOut?: () => void
  children: ReactNode
}) {
  const wide = useMediaQuery(SCREEN.md)
  // Separate states: the persistent drawer starts open, the overlay starts closed.
  const [drawerOpenWide, setDrawerOpenWide] = useState(true)
  const [drawerOpenSmall, setDrawerOpenSmall] = useState(false)
  const open = wide ? drawerOpenWide : drawerOpenSmall
  // Whether the overlay was ever opened: its code loads then, and it stays mounted after.
  const [drawerUsed, setDrawerUsed] = useState(false)
  const drawerId = useId()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const crumbs = useMatches({
    select: (matches) => matches.findLast((m) => m.staticData?.crumbs !== undefined)?.staticData.crumbs,
  })

  // Whatever moved the page (a link in the content, the back button), the overlay does not stay.
  const [shownPath, setShownPath] = useState(pathname)
  if (shownPath !== pathname) {
    setShownPath(pathname)
    setDrawerOpenSmall(false)
  }

  const [palette, setPalette] = useState<Lazy>('never')
  const [shortcuts, setShortcuts] = useState<Lazy>('never')
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isPaletteKey(event)) {
        event.preventDefault()
        setPalette('open')
      } else if (isHelpKey(event)) {
        event.preventDefault()
        setShortcuts('open')
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const prefetchDrawer = () => {
    if (!wide) prefetchChunk(importDrawer)
  }

  const toggle = () => {
    if (wide) setDrawerOpenWide((o) => !o)
    else {
      setDrawerUsed(true)
      setDrawerOpenSmall((o) => !o)
    }
  }
  const closeSmall = () => setDrawerOpenSmall(false)

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 font-semibold text-primary-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>

      <header className="fixed inset-x-0 top-0 z-30 flex h-topbar items-center gap-2 border-b border-slate-200 bg-white px-2 sm:gap-3 sm:px-4">
        <button
          type="button"
          onClick={toggle}
          onPointerEnter={prefetchDrawer}
          onFocus={prefetchDrawer}
          aria-label="Main menu"
          aria-expanded={open}
          aria-controls={wide ? drawerId : undefined}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
        >
          <MenuIcon className="h-6 w-6" />
        </button>
        <Link
          to="/dashboard"
          aria-label={`${PRODUCT_NAME}, go to the dashboard`}
          className="flex items-center rounded-md px-1"
        >
          <span className="hidden sm:inline-flex">
            <Logo />
          </span>
          <span aria-hidden="true" className="grid h-9 w-9 place-items-center rounded-lg bg-primary-700 text-white sm:hidden">
            <PawIcon className="h-5 w-5" />
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          <button
            type="button"
            onClick={() => setPalette('open')}
            aria-label="Go to (Ctrl+K)"
            aria-keyshortcuts="Control+K Meta+K"
            title="Go to (Ctrl+K)"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <SearchIcon className="h-5 w-5" />
          </button>
          {status}
          {userBlock}
        </div>
      </header>
      {palette !== 'never' && (
        <CommandPalette
          open={palette === 'open'}
          onClose={() => setPalette('closed')}
          onSignOut={onSignOut}
          onShortcuts={() => setShortcuts('open')}
        />
      )}
      {shortcuts !== 'never' && <ShortcutsDialog open={shortcuts === 'open'} onClose={() => setShortcuts('closed')} />}

      {wide ? (
        open && (
          <aside
            id={drawerId}
            className="fixed bottom-0 left-0 top-topbar z-20 w-drawer overflow-y-auto border-r border-slate-200 bg-white px-2 py-4"
          >
            <NavList items={mainMenu} label="Main" />
          </aside>
        )
      ) : (
        drawerUsed && (
          // Its own boundary: the layout stays as it is while the drawer's code arrives.
          <Suspense fallback={null}>
            <MobileDrawer open={drawerOpenSmall} onClose={closeSmall} />
          </Suspense>
        )
      )}

      <div className={`pt-topbar ${wide && open ? 'ml-content' : ''}`}>
        <main
          id="main-content"
          tabIndex={-1}
          className={`flex w-full max-w-7xl flex-col gap-4 py-5 outline-none ${wide && open ? 'pr-6' : 'px-4 sm:px-6'}`}
        >
          {crumbs !== false && <Breadcrumbs key={pathname} items={crumbs} />}
          {children}
        </main>
      </div>
    </div>
  )
}
