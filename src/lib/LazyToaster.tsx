import { useEffect, useSyncExternalStore } from 'react'
import { prefetchChunk, whenIdle } from './prefetch'
import { TOAST_LIMIT, TOAST_TOP_OFFSET, loadSonner, loadedSonner, onSonnerLoad, toasterMounted } from './toast'

/**
 * sonner's Toaster, mounted once sonner has loaded (lib/toast.ts): on the first toast, or when the
 * browser is idle after the first render, so that a toast seldom waits for the code and the
 * Toaster's live region is on the page before the first one, which screen readers then announce.
 */
export function LazyToaster() {
  const sonner = useSyncExternalStore(onSonnerLoad, loadedSonner)
  // A failed prefetch is left to the first toast, which tries again.
  useEffect(() => whenIdle(() => prefetchChunk(loadSonner)), [])
  // After the Toaster's own effects (it subscribes to sonner in one), as a parent's run after its child's.
  useEffect(() => (sonner ? toasterMounted() : undefined), [sonner])
  if (!sonner) return null
  const { Toaster } = sonner
  return (
    <Toaster position="top-right" offset={TOAST_TOP_OFFSET} mobileOffset={TOAST_TOP_OFFSET} richColors closeButton visibleToasts={TOAST_LIMIT} />
  )
}
