import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { MSG } from '@contract'
import { Button } from '@/components/ui/Button'

/**
 * A page whose data could not be loaded: the reason (already toasted by the HTTP client) and a
 * way to try again, inside the layout so the menu stays usable.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const message = error instanceof Error && error.message ? error.message : MSG.fallback
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-error-100 bg-white p-6">
      <p className="font-semibold text-slate-900">This page could not be loaded.</p>
      <p className="text-sm text-slate-600">{message}</p>
      <Button variant="secondary" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </div>
  )
}
