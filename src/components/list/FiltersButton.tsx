import { useId } from 'react'
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { FilterIcon } from './icons'
import type { ListFilter } from './search'

/**
 * The Filters button: a popover with the list's choices as radio buttons plus
 * "All". A dot marks the button while a filter is active; the button's name then reads
 * "Filters (active)". Choosing applies at once and closes the popover (focus back on the button).
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
  const name = useId()
  const active = value !== undefined
  const choices: { key: string; label: string; value: F | undefined }[] = [
    { key: 'all', label: 'All', value: undefined },
    ...filter.options.map((o) => ({ key: String(o.value), label: o.label, value: o.value })),
  ]
  return (
    <Popover className="relative">
      <PopoverButton
        // The dot is seen; its meaning is read out.
        aria-label={active ? 'Filters (active)' : 'Filters'}
        className="relative inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 data-[open]:bg-slate-50">
        <FilterIcon className="h-5 w-5 text-slate-500" />
        Filters
        {active && (
          <span aria-hidden="true" className="absolute -right-1 -top-1 h-3 w-3 rounded-full border-2 border-white bg-secondary-600" />
        )}
      </PopoverButton>
      <PopoverPanel
        focus
        anchor={{ to: 'bottom end', gap: 6 }}
        className="z-40 w-56 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
      >
        {({ close }) => (
          <fieldset>
            <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{filter.label}</legend>
            <div className="flex flex-col gap-1">
              {choices.map((choice) => (
                <label
                  key={choice.key}
                  className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:font-semibold has-[:checked]:text-primary-800"
                >
                  <input
                    type="radio"
                    name={name}
                    checked={choice.value === value}
                    onChange={() => {
                      onChange(choice.value)
                      close()
                    }}
                    className="h-4 w-4 accent-primary-700"
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </PopoverPanel>
    </Popover>
  )
}
