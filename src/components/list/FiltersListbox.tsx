import { useEffect, useId, useRef } from 'react'
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import { CheckIcon } from '@/components/layout/icons'
import { FiltersFace, type FiltersButtonProps } from './FiltersButton'

/**
 * The Filters listbox (loaded by FiltersButton when first pressed): the list's choices plus "All",
 * headed by the filter's name. Arrow keys (and typing a choice's first letters) move between the
 * choices without applying them; Enter, Space or a click applies one and closes the list, focus
 * back on the button. Escape or a click outside closes it unchanged. It opens as it mounts: the
 * press that loaded it asked for it.
 */
export default function FiltersListbox<F extends string | number>({ filter, value, onChange }: FiltersButtonProps<F>) {
  const headingId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const opened = useRef(false)
  useEffect(() => {
    // Once: StrictMode runs effects twice, and a second click would close it again.
    if (opened.current) return
    opened.current = true
    button.current?.focus()
    button.current?.click()
  }, [])
  const choices: { key: string; label: string; value: F | undefined }[] = [
    { key: 'all', label: 'All', value: undefined },
    ...filter.options.map((o) => ({ key: String(o.value), label: o.label, value: o.value })),
  ]
  const chosen = choices.find((choice) => choice.value === value) ?? choices[0]!
  return (
    <Listbox value={chosen.key} onChange={(key: string) => onChange(choices.find((choice) => choice.key === key)?.value)}>
      <ListboxButton ref={button} as={FiltersFace} active={value !== undefined} />
      <ListboxOptions
        // Not modal: the page stays as it is (no scroll lock, nothing hidden) while the short list is open.
        modal={false}
        anchor={{ to: 'bottom end', gap: 6 }}
        className="z-40 w-56 rounded-lg border border-slate-200 bg-white p-3 shadow-lg focus:outline-none"
      >
        <div role="group" aria-labelledby={headingId} className="flex flex-col gap-1">
          <div id={headingId} className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {filter.label}
          </div>
          {choices.map((choice) => (
            <ListboxOption
              key={choice.key}
              value={choice.key}
              className="group flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-slate-800 data-[focus]:bg-slate-100 data-[selected]:font-semibold data-[selected]:text-primary-800"
            >
              <CheckIcon aria-hidden="true" className="invisible h-4 w-4 shrink-0 group-data-[selected]:visible" />
              {choice.label}
            </ListboxOption>
          ))}
        </div>
      </ListboxOptions>
    </Listbox>
  )
}
