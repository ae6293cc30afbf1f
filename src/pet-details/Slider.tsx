import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type PointerEvent } from 'react'
import { SLIDER_INTERVAL_MS, SWIPE_MIN_PX } from '@contract/limits'
import { ResizedPhoto } from './ResizedPhoto'
import { PHOTO_SIZES, PLACEHOLDER_IMAGE, type Media } from './media'

type Props = {
  media: Media[]
  /** The photo shown; the page owns it so that the media viewer can open at it and move it. */
  index: number
  onIndexChange: (index: number) => void
  /** Open the media viewer at this photo. */
  onOpen: (index: number) => void
  onBroken: (src: string) => void
  /** Stop auto-advancing (the media viewer is open). */
  paused?: boolean
  petName: string
}

const subscribeVisibility = (notify: () => void) => {
  document.addEventListener('visibilitychange', notify)
  return () => document.removeEventListener('visibilitychange', notify)
}
const useDocumentHidden = () => useSyncExternalStore(subscribeVisibility, () => document.hidden, () => false)

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
const subscribeReducedMotion = (notify: () => void) => {
  const query = window.matchMedia?.(REDUCED_MOTION)
  query?.addEventListener?.('change', notify)
  return () => query?.removeEventListener?.('change', notify)
}
const useReducedMotion = () =>
  useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia?.(REDUCED_MOTION).matches ?? false, () => false)

/**
 * Whether the last input was a key (as browsers decide :focus-visible): keyboard focus pauses the
 * slider, as the APG carousel pattern asks, while a tap or click on a dot or the photo does not.
 */
let keyboardInput = false
const onKey = () => (keyboardInput = true)
const onPointer = () => (keyboardInput = false)
function useInputModality() {
  useEffect(() => {
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('pointerdown', onPointer, true)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('pointerdown', onPointer, true)
    }
  }, [])
}

/**
 * The pet's photos: advances every 5 s, pauses on hover, keyboard focus,
 * a hidden tab, the pause button and prefers-reduced-motion; swipes by touch or mouse (pointer
 * events, at least 10 px); dots jump; a click or Enter on the photo opens the media viewer.
 */
export function Slider({ media, index, onIndexChange, onOpen, onBroken, paused = false, petName }: Props) {
  const count = media.length
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  /** Pointer travel while a pointer is down; null when none is. */
  const [dragX, setDragX] = useState<number | null>(null)
  const pointer = useRef<{ id: number; x: number; captured: boolean } | null>(null)
  /**
   * Until the first photo has loaded, only the shown slide holds its media: the next photos then
   * load behind it, instead of sharing the phone's bandwidth with the one on screen.
   */
  const [warm, setWarm] = useState(false)
  const warmUp = () => setWarm(true)
  /** A swipe ends with a click on the photo: that click must not open the viewer. */
  const swiped = useRef(false)
  const hidden = useDocumentHidden()
  const reducedMotion = useReducedMotion()
  useInputModality()
  const autoplay = count > 1 && !reducedMotion
  const running = autoplay && !stopped && !paused && !hovered && !focused && !hidden && dragX === null

  const go = (to: number) => onIndexChange(((to % count) + count) % count)

  // One timer per shown photo, so a jump or swipe restarts the 5 s.
  useEffect(() => {
    if (!running) return
    const timer = setTimeout(() => onIndexChange((index + 1) % count), SLIDER_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [running, index, count, onIndexChange])

  if (count === 0) {
    return (
      <div className="aspect-[4/3] overflow-hidden rounded-2xl bg-slate-200">
        <img src={PLACEHOLDER_IMAGE} alt={`No photo of ${petName}`} width={400} height={300} className="size-full object-cover" />
      </div>
    )
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swiped.current = false
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return
    pointer.current = { id: event.pointerId, x: event.clientX, captured: false }
    setDragX(0)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointer.current
    if (!start || start.id !== event.pointerId) return
    const dx = event.clientX - start.x
    // Capture only once it is a swipe: a capture from the start would steal the photo's click.
    if (!start.captured && Math.abs(dx) >= SWIPE_MIN_PX) {
      start.captured = true
      event.currentTarget.setPointerCapture?.(event.pointerId)
    }
    setDragX(dx)
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointer.current
    if (!start || start.id !== event.pointerId) return
    pointer.current = null
    setDragX(null)
    const dx = event.clientX - start.x
    if (Math.abs(dx) < SWIPE_MIN_PX) return
    swiped.current = true
    go(dx < 0 ? index + 1 : index - 1)
  }
  const onPointerCancel = () => {
    pointer.current = null
    setDragX(null)
  }
  const onFocus = () => setFocused(keyboardInput)
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${petName}`}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div
        data-testid="slider-viewport"
        className="touch-pan-y overflow-hidden rounded-2xl bg-slate-200 select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        <div
          aria-live={running ? 'off' : 'polite'}
          className={`flex ${dragX === null ? 'transition-transform duration-500 ease-out motion-reduce:transition-none' : ''}`}
          style={{ transform: `translateX(calc(${-index * 100}% + ${dragX ?? 0}px))` }}
        >
          {media.map((item, i) => (
            <div
              key={`${i}:${item.src}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              inert={i !== index}
              className="aspect-[4/3] w-full shrink-0"
            >
              <button
                type="button"
                aria-label={`Open ${item.type === 'video' ? 'video' : 'photo'} ${i + 1} of ${count} in the media viewer`}
                className="relative block size-full cursor-zoom-in focus-visible:outline-offset-[-4px]"
                onClick={() => {
                  if (swiped.current) swiped.current = false
                  else onOpen(i)
                }}
              >
                {!warm && i !== index ? null : item.type === 'video' ? (
                  <>
                    <video
                      src={item.src}
                      muted
                      playsInline
                      preload="metadata"
                      aria-label={item.alt}
                      onLoadedData={warmUp}
                      onError={warmUp}
                      className="pointer-events-none size-full object-cover"
                    />
                    <span aria-hidden className="absolute inset-0 m-auto grid size-14 place-items-center rounded-full bg-black/55">
                      <svg viewBox="0 0 24 24" className="ml-1 size-7 fill-white">
                        <path d="M8 5v14l11-7z" />
                      </svg>
                    </span>
                  </>
                ) : (
                  <ResizedPhoto
                    src={item.src}
                    srcSet={item.srcSet}
                    sizes={PHOTO_SIZES}
                    alt={item.alt}
                    width={800}
                    height={600}
                    draggable={false}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                    decoding="async"
                    onLoad={warmUp}
                    onBroken={(src) => {
                      warmUp()
                      onBroken(src)
                    }}
                    className="pointer-events-none size-full object-cover"
                  />
                )}
              </button>
            </div>
          ))}
        </div>
      </div>

      {count > 1 && (
        <div className="mt-2 flex flex-wrap items-center justify-center">
          {autoplay && (
            <button
              type="button"
              aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
              className="mr-1 grid size-10 place-items-center rounded-full text-slate-600 hover:bg-slate-200"
              onClick={() => {
                // Play is an explicit request: it resumes even with keyboard focus inside.
                if (stopped) setFocused(false)
                setStopped(!stopped)
              }}
            >
              <svg viewBox="0 0 24 24" aria-hidden className="size-5 fill-current">
                <path d={stopped ? 'M8 5v14l11-7z' : 'M7 5h4v14H7zm6 0h4v14h-4z'} />
              </svg>
            </button>
          )}
          {media.map((item, i) => (
            <button
              key={`${i}:${item.src}`}
              type="button"
              aria-label={`Go to photo ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              className="group grid size-8 place-items-center rounded-full"
              onClick={() => go(i)}
            >
              <span
                className={`block size-2.5 rounded-full transition-transform motion-reduce:transition-none ${
                  i === index ? 'scale-125 bg-primary-700' : 'bg-slate-500 group-hover:bg-slate-600'
                }`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  )
}
