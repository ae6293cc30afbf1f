import type { ReactNode } from 'react'
import { useMatch, useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { MSG } from '@contract/messages'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { Button } from '@/components/ui/Button'
import { ChunkBoundary, useChunkRetry } from '@/lib/lazy-component'
import { isChunkLoadError, type ChunkLoadError } from '@/lib/chunk-import'

/**
 * A page whose data could not be loaded: the reason (already toasted by the HTTP client) and a
 * way to try again, inside the layout so the menu stays usable. A page whose code could not be
 * loaded says 'Loading chunk failed', with a Retry.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  // The router's default view also stands for routes outside the signed-in layout (a public
  // page, or a layout whose own code failed): there nothing frames it, so it keeps a margin.
  const routeId = useMatch({ strict: false, select: (match): string | undefined => match.routeId })
  const inLayout = routeId?.startsWith('/_signed-in/')
  const message = error instanceof Error && error.message ? error.message : MSG.fallback
  const view = isChunkLoadError(error) ? (
    <PageChunkFailed error={error} reset={reset} />
  ) : (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-error-100 bg-white p-6">
      <p className="font-semibold text-slate-900">This page could not be loaded.</p>
      <p className="text-sm text-slate-600">{message}</p>
      <Button variant="secondary" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </div>
  )
  return inLayout ? view : <div className="mx-auto w-full max-w-xl px-4 py-10">{view}</div>
}

/** A page's code that did not load: Retry imports it again, then the router loads the page again. */
export function PageChunkFailed({ error, reset }: { error: ChunkLoadError; reset: () => void }) {
  const router = useRouter()
  const failure = useChunkRetry(error, async () => {
    await router.invalidate()
    reset()
  })
  return <ChunkLoadFailed {...failure} />
}

/**
 * Around a layout's outlet: a page whose code failed, and whose own error view failed to load
 * too (it is split from the page), is shown here, so the layout around it stays.
 */
export function PageChunkBoundary({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <ChunkBoundary resetKey={pathname} failed={(error, reset) => <PageChunkFailed error={error} reset={reset} />}>
      {children}
    </ChunkBoundary>
  )
}
