import { useMemo, useState } from 'react'
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useNavigate } from '@tanstack/react-router'
import { can } from '@contract'
import { useAuth } from '@/lib/auth'
import { PlusIcon, type Icon } from './icons'
import { mainMenu, settingsMenu } from './navigation'

type Command = { id: string; label: string; url: string; icon: Icon }

/** What the palette offers besides the screens of the menus: the adds that have a page of their own. */
const ACTIONS: readonly Command[] = [
  { id: 'add-pet-shop', label: 'Add pet shop', url: '/pet-shops/add', icon: PlusIcon },
  { id: 'add-hospital', label: 'Add hospital', url: '/hospitals/add', icon: PlusIcon },
]

/**
 * The command palette (Ctrl+K, or Cmd+K on macOS): type to narrow the screens of both menus and
 * a few actions, arrows to move, Enter to go, Escape to close (focus goes back where it was).
 * Loaded the first time it is opened.
 */
export default function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const role = useAuth().userDetails?.role
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const commands = useMemo(
    () => [
      ...[...mainMenu, ...settingsMenu]
        .filter((item) => item.ready && (!item.permission || can(role, item.permission)))
        .map((item): Command => ({ id: item.id, label: item.title, url: item.url, icon: item.icon })),
      ...ACTIONS,
    ],
    [role],
  )
  const wanted = query.trim().toLowerCase()
  const shown = wanted ? commands.filter((c) => c.label.toLowerCase().includes(wanted)) : commands

  const close = () => {
    setQuery('')
    onClose()
  }
  const go = (command: Command | null) => {
    if (!command) return
    close()
    void navigate({ to: command.url })
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40 dark:bg-black/60" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[12vh]">
        <DialogPanel className="w-full max-w-lg overflow-hidden rounded-lg bg-white shadow-xl">
          <DialogTitle className="sr-only">Go to</DialogTitle>
          <Combobox<Command | null> value={null} onChange={go}>
            <ComboboxInput
              autoFocus
              aria-label="Go to a screen or an action"
              placeholder="Go to…"
              autoComplete="off"
              onChange={(event) => setQuery(event.target.value)}
              className="w-full border-b border-slate-200 px-4 py-3 text-base text-slate-900 outline-none placeholder:text-slate-500"
            />
            <ComboboxOptions static className="max-h-[50vh] overflow-y-auto py-2">
              {shown.map((command) => (
                <ComboboxOption
                  key={command.id}
                  value={command}
                  className="flex cursor-pointer items-center gap-3 px-4 py-2 text-sm text-slate-800 data-[focus]:bg-primary-50 data-[focus]:text-primary-800"
                >
                  <command.icon className="h-5 w-5 shrink-0" />
                  {command.label}
                </ComboboxOption>
              ))}
            </ComboboxOptions>
            {shown.length === 0 && <p className="px-4 pb-4 text-sm text-slate-600">Nothing matches “{query.trim()}”.</p>}
          </Combobox>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
