import { Switch as HeadlessSwitch } from '@headlessui/react'

/**
 * An on/off switch (a status toggle: active or not). A Headless UI Switch: role="switch" with
 * aria-checked, Space and Enter toggle it. `label` is its accessible name and should describe
 * the "on" state ('Active: Happy Paws'); `busy` holds it (a press does
 * nothing) while a change is on its way.
 */
export function Switch({
  checked,
  onChange,
  label,
  busy = false,
  disabled = false,
  className = '',
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
  busy?: boolean
  disabled?: boolean
  className?: string
}) {
  return (
    <HeadlessSwitch
      checked={checked}
      // Busy: still focusable (the focus stays where it was), but a press waits for the change on its way.
      onChange={(next: boolean) => {
        if (!busy) onChange(next)
      }}
      disabled={disabled}
      aria-label={label}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      className={`group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors focus:outline-none data-[checked]:bg-primary-700 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 aria-busy:cursor-wait data-[focus]:ring-2 data-[focus]:ring-primary-600/40 data-[focus]:ring-offset-2 data-[focus]:ring-offset-white ${className}`}
    >
      <span
        aria-hidden="true"
        className="inline-block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-[checked]:translate-x-[1.375rem]"
      />
    </HeadlessSwitch>
  )
}
