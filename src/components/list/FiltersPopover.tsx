import { Fragment, useEffect, useRef } from 'react'
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { FiltersFace, type FiltersButtonProps } from './FiltersFace'

/**
 * The Filters panel (loaded by FiltersButton when first pressed): every filter of the list, each
 * applied as it is chosen, the panel left open for the next. Escape or a click outside closes it,
 * focus back on the button. It opens as it mounts: the press that loaded it asked for it. The
 * panel stays mounted while closed, so a dialog a filter opened (the "Sent to" user picker) lives on.
 * It is not anchored to the button (Headless UI would move it to the end of the body, outside the
 * page's landmarks): it drops below the list's toolbar, at its right edge, never wider than it.
 */
export default function FiltersPopover<Q>({ parts, state, change, active }: FiltersButtonProps<Q>) {
  const button = useRef<HTMLButtonElement>(null)
  const opened = useRef(false)
  useEffect(() => {
    // Once: StrictMode runs effects twice, and a second click would close it again.
    if (opened.current) return
    opened.current = true
    button.current?.focus()
    button.current?.click()
  }, [])
  return (
    <Popover>
      {({ open, close }) => (
        <>
          <PopoverButton ref={button} as={FiltersFace} active={active} />
          <PopoverPanel
            // Always mounted, hidden while closed: a dialog a filter opened lives on.
            static
            hidden={!open}
            role="group"
            aria-label="Filters"
            className="absolute right-0 top-full z-40 mt-1.5 flex max-h-[70vh] w-72 max-w-full flex-col gap-4 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 shadow-lg focus:outline-none"
          >
            {parts.map((part) => (
              <Fragment key={part.label}>{part.control(state, change, () => close())}</Fragment>
            ))}
          </PopoverPanel>
        </>
      )}
    </Popover>
  )
}
