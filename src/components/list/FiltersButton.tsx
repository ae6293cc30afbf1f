import { useId } from 'react'
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import { CheckIcon } from '@/components/layout/icons'
import { FilterIcon } from './icons'
import type { ListFilter } from './search'

/**
 * The Filters button: a listbox of the list's choices plus "All", headed by the filter's name. A
 * dot marks the button while a filter is active; the button's name then reads "Filters (active)".
 * Arrow keys (and typing a choice's first letters) move between the choices without applying
 * them; Enter, Space or a click applies one and closes the list, focus back on the button. Escape
 * or a click outside closes it unchanged.
 */
export function FiltersButton<F extends string | number>({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter<F>
  value: F | undefined
  onChange: (value: F | undefined) => void
}) {
  const headingId = useId()
  const active = value !== undefined
  const choices: { key: string; label: string; value: F | undefined }[] = [
    { key: 'all', label: 'All', value: undefined },
    ...filter.options.map((o) => ({ key: String(o.value), label: o.label, value: o.value })),
  ]
  const chosen = choices.find((choice) => choice.value === value) ?? choices[0]!
  return (
    <Listbox value={chosen.key} onChange={(key: string) => onChange(choices.find((choice) => choice.key === key)?.value)}>
      <ListboxButton
        // The dot is seen; its meaning is read out.
        aria-label={active ? 'Filters (active)' : 'Filters'}
        className="relative inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 data-[open]:bg-slate-50"
      >
        <FilterIcon className="h-5 w-5 text-slate-500" />
        Filters
        {active && (
          <span aria-hidden="true" className="absolute -right-1 -top-1 h-3 w-3 rounded-full border-2 border-white bg-secondary-600" />
        )}
      </ListboxButton>
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
