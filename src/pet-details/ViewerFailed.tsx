import type { ChunkFailure } from '@/lib/lazy-component'
import type { MediaViewerProps } from './MediaViewer'

/** The media viewer's code did not load: said over the page, where the viewer would be, with Retry and Close. */
export function ViewerFailed({ error, retrying, retry, props }: ChunkFailure & { props: MediaViewerProps }) {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/80 p-4">
      <div role="alertdialog" aria-modal="true" aria-labelledby="viewer-failed" className="flex flex-col items-center gap-4 rounded-lg bg-white p-6">
        <p id="viewer-failed" className="font-semibold text-slate-900">
          {error.message}
        </p>
        <div className="flex gap-3">
          <button
            type="button"
            onClick={retry}
            disabled={retrying}
            className="min-h-10 rounded-md bg-primary-700 px-4 text-sm font-semibold text-white hover:bg-primary-800 disabled:bg-primary-300"
          >
            Retry
          </button>
          <button
            type="button"
            onClick={props.onClose}
            className="min-h-10 rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Close
          </button>
        </div>
      </div>
    </div>
  )
}
