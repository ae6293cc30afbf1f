import { Button } from '@/components/ui/Button'
import type { ChunkFailure } from '@/lib/lazy-component'

/** Code that could not be loaded (a page, or a feature inside one), in its place, with a Retry. */
export function ChunkLoadFailed({ error, retrying, retry }: ChunkFailure) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-error-100 bg-white p-6">
      <p className="font-semibold text-slate-900">{error.message}</p>
      <Button variant="secondary" busy={retrying} onClick={retry}>
        Retry
      </Button>
    </div>
  )
}
