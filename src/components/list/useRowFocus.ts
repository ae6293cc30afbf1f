import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
/** Each row (a table row or a card) carries its id in `data-row-id`. */
export const ROW_ID_ATTRIBUTE = 'data-row-id'

/**
 * Focus `element`; one that cannot take focus (a heading, a row without a control) can for as
 * long as it holds it, so a click elsewhere in it does not draw a focus ring later.
 */
function focusPlace(element: HTMLElement) {
  if (!element.matches(FOCUSABLE) && !element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1')
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true })
  }
  element.focus()
}

/**
 * Keeps focus in a list when the row that held it leaves (a confirmed delete: the row unmounts
 * with its button and its confirm dialog, and the browser drops focus on the body; the dialog's
 * own restoring then falls back on whatever had focus before). Focus goes to the first control of
 * the next row that stayed (the one before when it was the last), or to `emptied()` (the list's
 * heading) when no row is left.
 *
 * The row that "holds" focus is the one focus was last in, kept while focus is inside a dialog
 * (opened from the row) and let go when focus moves anywhere else, so a row leaving after a
 * search or a page change never pulls focus back from the control that caused it.
 */
export function useFocusAfterRowLeaves(
  container: RefObject<HTMLElement | null>,
  rowIds: readonly string[],
  emptied: () => HTMLElement | null,
) {
  const holder = useRef<string | null>(null)
  const shown = useRef(rowIds)
  const fallback = useRef(emptied)
  useEffect(() => {
    fallback.current = emptied
  })

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Element)) return
      const row = event.target.closest<HTMLElement>(`[${ROW_ID_ATTRIBUTE}]`)
      if (row && container.current?.contains(row)) holder.current = row.getAttribute(ROW_ID_ATTRIBUTE)
      else if (!event.target.closest('[role="dialog"], [role="alertdialog"]')) holder.current = null
    }
    document.addEventListener('focusin', onFocusIn)
    return () => document.removeEventListener('focusin', onFocusIn)
  }, [container])

  useEffect(() => {
    const before = shown.current
    shown.current = rowIds
    const left = holder.current
    if (left === null || rowIds.includes(left)) return
    // Focus that is still somewhere on the page was put there on purpose: leave it.
    const active = document.activeElement
    if (active && active !== document.body && active.isConnected) return
    holder.current = null
    const at = before.indexOf(left)
    const stayed = (id: string) => rowIds.includes(id)
    const next = before.slice(at + 1).find(stayed) ?? before.slice(0, Math.max(at, 0)).reverse().find(stayed)
    // After the closing dialog's own focus restoring, which runs in a microtask. Not cancelled by
    // the next rows (the refetch after a delete): only a list that is gone skips it.
    setTimeout(() => {
      const list = container.current
      if (!list) return
      const row = [...list.querySelectorAll<HTMLElement>(`[${ROW_ID_ATTRIBUTE}]`)].find((el) => el.getAttribute(ROW_ID_ATTRIBUTE) === next)
      const place = row ? (row.querySelector<HTMLElement>(FOCUSABLE) ?? row) : (fallback.current() ?? list)
      focusPlace(place)
    })
  }, [rowIds, container])
}
