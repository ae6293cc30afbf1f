import type * as SonnerModule from 'sonner'
import type { ExternalToast, ToastT } from 'sonner'

/** The product's toast timings: success 2 s, error and blank 4 s, loading until dismissed. */
export const TOAST_DURATION = { success: 2000, error: 4000, blank: 4000 } as const
/** At most this many toasts are kept: a newer one drops the oldest rather than queueing behind it. */
export const TOAST_LIMIT = 20
/** Toasts start below the 64 px top bar (with a small gap), on a phone too, so they never cover its user block and Log out. */
export const TOAST_TOP_OFFSET = { top: 72 } as const
/**
 * How long toasts that waited for the Toaster wait once it is on screen: a live region added
 * together with its text is not announced, so screen readers get a moment to take in the empty one.
 */
const LIVE_REGION_SETTLE_MS = 100

type ToastId = string | number
type Sonner = typeof SonnerModule
type Toast = Sonner['toast']

/**
 * sonner is not part of a first visit (its weight: docs/DECISIONS.md, Page weight): it loads on the first toast, or
 * earlier when the browser is idle (LazyToaster). Until its Toaster is on screen, calls wait here
 * in order; the ids are made here, so every call still returns its toast's id at once.
 */
let sonner: Sonner | undefined
let loading: Promise<Sonner> | undefined
/** LazyToaster's Toaster is mounted and what waited has been shown. */
let ready = false
let waiting: ((toast: Toast) => void)[] = []
const onLoad = new Set<() => void>()
let lastId = 0

/** Starts loading sonner (once; a failed load is tried again by the next call). */
export function loadSonner() {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module
      for (const listener of onLoad) listener()
      return module
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** For LazyToaster (useSyncExternalStore): sonner once loaded. */
export const loadedSonner = () => sonner
export const onSonnerLoad = (listener: () => void) => {
  onLoad.add(listener)
  return () => void onLoad.delete(listener)
}

/** LazyToaster's Toaster has mounted (and subscribed to sonner): what waited shows, in order. */
export function toasterMounted() {
  const flush = () => {
    ready = true
    for (const call of waiting.splice(0)) call(sonner!.toast)
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  if (waiting.length) timer = setTimeout(flush, LIVE_REGION_SETTLE_MS)
  else flush()
  return () => {
    clearTimeout(timer)
    ready = false
  }
}

function withToaster(call: (toast: Toast) => void) {
  if (ready && sonner) return call(sonner.toast)
  waiting.push(call)
  void loadSonner().catch(() => undefined)
}

type Kind = 'success' | 'error' | 'loading' | 'message'
function show(kind: Kind, message: string, data: ExternalToast) {
  const id = data.id ?? `toast-${++lastId}`
  const options = { ...data, id }
  withToaster((toast) => void (kind === 'message' ? toast(message, options) : toast[kind](message, options)))
  return id
}

/** Closes a toast after whatever call made it; with nothing waiting, everything made has reached sonner (or nothing was made). */
function close(id?: ToastId) {
  if (waiting.length) waiting.push((toast) => void toast.dismiss(id))
  else sonner?.toast.dismiss(id)
}

/** The toasts on screen, oldest first. */
const shown: ToastId[] = []
/** Those an error leaves open: a delete's Undo (lib/undo.ts), its 10 s being the only time to take the delete back. */
const lasting = new Set<ToastId>()
/** The error toasts on screen that go when the person leaves the screen (dismissScreenErrors). */
const screenErrors = new Set<ToastId>()

const forget = (id?: ToastId) => {
  if (id === undefined) {
    shown.length = 0
    lasting.clear()
    screenErrors.clear()
  } else {
    if (shown.includes(id)) shown.splice(shown.indexOf(id), 1)
    lasting.delete(id)
    screenErrors.delete(id)
  }
}

/** Counts a new (or replaced) toast, and drops the oldest beyond the limit. */
export const keep = (id: ToastId, { outlastsErrors = false } = {}) => {
  forget(id)
  shown.push(id)
  if (outlastsErrors) lasting.add(id)
  while (shown.length > TOAST_LIMIT) close(shown.shift())
  return id
}

export const closing = { onDismiss: (t: ToastT) => forget(t.id), onAutoClose: (t: ToastT) => forget(t.id) }

const dismiss = (id?: ToastId) => {
  forget(id)
  // Closing all: what waits would only show to be closed.
  if (id === undefined) waiting = []
  close(id)
  return id
}

/** A toast's button: sonner's action, a real <button> in the toast (Tab, or Alt+T to reach the toasts); a press closes the toast. */
export interface ToastAction {
  label: string
  onClick: () => void
}

export const notify = {
  success: (message: string, id?: ToastId) => keep(show('success', message, { duration: TOAST_DURATION.success, id, ...closing })),
  /** A success with a button (a delete's Undo) for `duration`; an error leaves it open, the button being the only way back. */
  successWithAction: (message: string, action: ToastAction, duration: number) =>
    keep(show('success', message, { duration, action, ...closing }), { outlastsErrors: true }),
  /**
   * Each error first dismisses earlier toasts, so only the newest problem shows; an open Undo stays, an unrelated error must not take it away.
   * An error belongs to its screen and goes when the person leaves it (dismissScreenErrors), unless
   * `outlastsScreen`: it tells why the screen changes (a 401's sign-in page), and stays its 4 s.
   */
  error: (message: string, { outlastsScreen = false } = {}) => {
    for (const id of shown.filter((id) => !lasting.has(id))) dismiss(id)
    const id = keep(show('error', message, { duration: TOAST_DURATION.error, ...closing }))
    if (!outlastsScreen) screenErrors.add(id)
    return id
  },
  message: (message: string) => keep(show('message', message, { duration: TOAST_DURATION.blank, ...closing })),
  loading: (message: string) => keep(show('loading', message, { duration: Infinity, ...closing })),
  dismiss,
  /** The person leaves a screen (the router, on a change of path): its error toasts go; success toasts, and an Undo, stay. */
  dismissScreenErrors: () => {
    for (const id of [...screenErrors]) dismiss(id)
  },
}
