import { Component, lazy, useEffect, useState, useTransition, type ComponentType, type ReactNode } from 'react'
import { browserPage, isChunkLoadError, loadChunk, reloadForNewBuild, type ChunkLoadError } from './chunk-import'
import { prefetchChunk } from './prefetch'

// Lazy code in React: components that load through loadChunk (chunk-import.ts), the boundary and
// Retry of a failed load, and the triggers of lazy dialogs.

/** What a view of a failed load gets: the failure, and a Retry that is under way or not. */
export type ChunkFailure = { error: ChunkLoadError; retrying: boolean; retry: () => void }

/**
 * The behaviour behind every 'Loading chunk failed' view. A failure caused by a new build reloads
 * the page once by itself. Retry imports the code again and, once it is there, `reopen` shows it
 * (the router loads the page again; a lazy feature renders again). When the import fails again
 * although the file answers now, or a new build is out, only a new page can load it: Retry reloads.
 */
export function useChunkRetry(error: ChunkLoadError, reopen: () => unknown): ChunkFailure {
  const [retrying, setRetrying] = useState(false)
  useEffect(() => {
    if (error.reason === 'deployment') reloadForNewBuild()
  }, [error])
  const retry = async () => {
    setRetrying(true)
    try {
      await error.retry()
    } catch (again) {
      if (isChunkLoadError(again) && (again.reason === 'failed' || again.reason === 'deployment')) browserPage.reload()
      else setRetrying(false)
      return
    }
    await reopen()
    setRetrying(false)
  }
  return { error, retrying, retry: () => void retry() }
}

type BoundaryProps = {
  children: ReactNode
  /** Shown for a failed load: the view gets the failure and calls `retry`. */
  failed: (error: ChunkLoadError, reset: () => void) => ReactNode
  /** A new value (the page's path) clears the failure. */
  resetKey?: unknown
}

type BoundaryState = { error?: { caught: unknown }; resetKey?: unknown }

/** Catches a failed load below it and shows `failed` in its place; any other error goes on up. */
export class ChunkBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { resetKey: this.props.resetKey }
  static getDerivedStateFromError(caught: unknown): BoundaryState {
    return { error: { caught } }
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey }
  }
  reset = () => this.setState({ error: undefined })
  render() {
    const { error } = this.state
    if (!error) return this.props.children
    if (!isChunkLoadError(error.caught)) throw error.caught
    return this.props.failed(error.caught, this.reset)
  }
}

/**
 * `React.lazy` for a heavy feature, through loadChunk, with its failure shown in its place by
 * `Failed` (which gets the feature's props too). React.lazy keeps a failed import for good, so
 * Retry puts a new one in its place.
 */
export function lazyChunk<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  Failed: ComponentType<ChunkFailure & { props: P }>,
) {
  const load = () => lazy(() => loadChunk(importer))
  let Feature = load()
  // Reads Feature when it renders: the boundary, once reset, renders this same element again.
  function Current(props: P) {
    return <Feature {...props} />
  }
  function Retryable({ error, reset, props }: { error: ChunkLoadError; reset: () => void; props: P }) {
    const failure = useChunkRetry(error, () => {
      Feature = load()
      reset()
    })
    return <Failed {...failure} props={props} />
  }
  return function LazyChunk(props: P) {
    return (
      <ChunkBoundary failed={(error, reset) => <Retryable error={error} reset={reset} props={props} />}>
        <Current {...props} />
      </ChunkBoundary>
    )
  }
}

/**
 * The control that opens a lazy feature (a form dialog), as the profile menu's trigger does it:
 * the feature's code is fetched as soon as the pointer or the focus comes near, and `start` runs
 * the state change that shows the feature as a transition. With the feature's Suspense boundary
 * already there (rendered from the start, around nothing), the page then stays as it is until the
 * code has arrived, the control marked busy meanwhile (aria-busy; not disabled, so the focus stays
 * on it and the dialog gives it back on close). Spread `trigger` on the control.
 */
export function useLazyTrigger(importer: () => Promise<unknown>) {
  const [loading, start] = useTransition()
  const prefetch = () => prefetchChunk(importer)
  return { start, trigger: { onPointerEnter: prefetch, onFocus: prefetch, 'aria-busy': loading || undefined } }
}

/**
 * Whether `open` has been true: a lazy dialog is mounted when first opened and stays mounted, so
 * that closing plays out and the focus goes back to its button.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened
}

/**
 * A control's lazy dialog, the two hooks above together: `show` opens it (as a transition, the
 * control busy until its code is there), `opened` mounts it for good, and `open` and `close` are
 * the dialog's own props. Spread `trigger` on the control.
 */
export function useLazyDialog(importer: () => Promise<unknown>, initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen)
  const opened = useOpenedOnce(open)
  const { start, trigger } = useLazyTrigger(importer)
  return { open, opened, trigger, setOpen, show: () => start(() => setOpen(true)), close: () => setOpen(false) }
}
