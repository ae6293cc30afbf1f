import type { AnyRouter } from '@tanstack/react-router'

/**
 * index.html draws the signed-in layout's top bar and drawer from the page itself, for a held
 * session, so that a phone shows the panel's frame while the app's code is still on its way
 * rather than a blank screen. The app's own layout is drawn over it (same place, later in the
 * page); it goes once the first page the router resolves (whichever: a list, sign-in after a
 * refused session, an error) has been drawn.
 */
export const SIGNED_IN_FRAME_ID = 'signed-in-frame'

/** Removes the frame after the router's first resolved page; returns the unsubscribe. */
export function removeFrameWhenDrawn(router: AnyRouter): () => void {
  const frame = document.getElementById(SIGNED_IN_FRAME_ID)
  if (!frame) return () => {}
  if (router.state.status === 'idle' && router.state.resolvedLocation) {
    frame.remove()
    return () => {}
  }
  const stop = router.subscribe('onResolved', () => {
    frame.remove()
    stop()
  })
  return stop
}
