import { useRouterState } from '@tanstack/react-router'

/** The thin bar at the top while a route (its code or its data) loads. */
export function RouteProgress() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' })
  if (!loading) return null
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary-100">
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-secondary-500 motion-reduce:w-full motion-reduce:animate-pulse" />
    </div>
  )
}
