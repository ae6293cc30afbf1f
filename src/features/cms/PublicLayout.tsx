import type { ReactNode } from 'react'
import { Link, useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { MSG } from '@contract/messages'
import { PLATFORM_NAME } from '@contract/page-title'
import { PageChunkFailed } from '@/components/layout/RouteError'
import { Logo } from '@/components/ui/Logo'
import { Spinner } from '@/components/ui/Spinner'
import { isChunkLoadError } from '@/lib/chunk-import'
import { PUBLIC_PAGES, publicTitleOf } from './pages'

/**
 * The public content pages' frame (for visitors without a token; a token holder is sent to
 * /dashboard: docs/DECISIONS.md, Public pages and a held token): the platform's logo ("Petcare":
 * pet owners read these pages) home, the page's title, the content, and a footer linking the
 * other public pages. It pulls none of the admin shell (no drawer, tables or forms), and reads
 * well from a narrow phone up.
 */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 w-full max-w-4xl items-center px-4 sm:px-6">
          <Link to="/" aria-label={`${PLATFORM_NAME} home`} className="rounded-md">
            <Logo product="platform" />
          </Link>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-5 px-4 py-6 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-8">{children}</div>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <nav aria-label="Information">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {PUBLIC_PAGES.map((page) => (
                <li key={page.to}>
                  <Link
                    to={page.to}
                    aria-current={pathname === page.to ? 'page' : undefined}
                    className={`inline-flex min-h-10 items-center font-medium hover:text-primary-700 hover:underline ${
                      pathname === page.to ? 'text-primary-700' : 'text-slate-600'
                    }`}
                  >
                    {page.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-slate-500">© {new Date().getFullYear()} Petcare</p>
        </div>
      </footer>
    </div>
  )
}

/** The public page while its content loads. */
export function PublicPagePending() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <PublicLayout title={publicTitleOf(pathname)}>
      <div role="status" className="flex min-h-40 items-center justify-center">
        <Spinner />
        <span className="sr-only">Loading</span>
      </div>
    </PublicLayout>
  )
}

/** The public page whose content (or code) could not be fetched, with a way to try again. */
export function PublicPageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  if (isChunkLoadError(error)) {
    return (
      <PublicLayout title={publicTitleOf(pathname)}>
        <PageChunkFailed error={error} reset={reset} />
      </PublicLayout>
    )
  }
  const message = error instanceof Error && error.message ? error.message : MSG.fallback
  return (
    <PublicLayout title={publicTitleOf(pathname)}>
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="font-semibold text-slate-900">This page could not be loaded.</p>
        <p className="text-sm text-slate-600">{message}</p>
        <button
          type="button"
          onClick={() => void router.invalidate()}
          className="min-h-10 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Try again
        </button>
      </div>
    </PublicLayout>
  )
}
