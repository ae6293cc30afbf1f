import { useEffect, useMemo, useState } from 'react'
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, DialogPanel, DialogTitle } from '@headlessui/react'
import { Dialog } from '@/components/ui/Dialog'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { can, type Permission } from '@contract'
// Not from the barrel, which the first visit loads: the search's schemas stay in this chunk.
import { SEARCH_KINDS, SEARCH_LIMITS, searchResults, type SearchKind, type SearchResults } from '@contract/search'
import { useAuth } from '@/lib/auth'
import { http, withData } from '@/lib/http'
import { clearRecent, readRecent, rememberRecent, type RecentItem } from '@/lib/recent'
import {
  HospitalIcon,
  LogoutIcon,
  MapPinIcon,
  PageIcon,
  PlusIcon,
  QuestionIcon,
  SearchIcon,
  SendIcon,
  StoreIcon,
  UsersIcon,
  type Icon,
} from './shell-icons'
import { mainMenu, settingsMenu } from './navigation'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The palette's Send notification: the notifications page opens its send dialog. */
    sendNotification?: boolean
  }
}

/** One choice: a place to go (`url`, remembered among the recent items as `kind`) or something to do (`run`). */
type Command = { id: string; label: string; sub?: string; icon: Icon; kind?: string } & (
  | { url: string; sendNotification?: boolean }
  | { run: () => void }
)
type Group = { id: string; heading: string; commands: Command[]; note?: string }

/** What the admin's palette can do besides going to a screen; each shown only to a role holding its permission. */
type Action = { id: string; label: string; icon: Icon; permission?: Permission; url?: string; sendNotification?: boolean; run?: 'signOut' | 'shortcuts' }
const ACTIONS: readonly Action[] = [
  { id: 'add-pet-shop', label: 'Add pet shop', url: '/pet-shops/add', icon: PlusIcon, permission: 'place.write' },
  { id: 'add-hospital', label: 'Add hospital', url: '/hospitals/add', icon: PlusIcon, permission: 'place.write' },
  { id: 'send-notification', label: 'Send notification', url: '/notifications', sendNotification: true, icon: SendIcon, permission: 'notification.send' },
  { id: 'shortcuts', label: 'Keyboard shortcuts', run: 'shortcuts', icon: QuestionIcon },
  { id: 'sign-out', label: 'Sign out', run: 'signOut', icon: LogoutIcon, permission: 'profile.self' },
]

/** Each kind the server finds: its heading, what a recent item calls it, its details page and its list ("See all"). */
const KINDS: Record<SearchKind, { heading: string; kind: string; icon: Icon; details: (id: string) => string; list?: string }> = {
  users: { heading: 'Users', kind: 'User', icon: UsersIcon, details: (id) => `/users/${id}`, list: '/users' },
  petShops: { heading: 'Pet Shops', kind: 'Pet Shop', icon: StoreIcon, details: (id) => `/pet-shops/details/${id}`, list: '/pet-shops' },
  hospitals: { heading: 'Hospitals', kind: 'Hospital', icon: HospitalIcon, details: (id) => `/hospitals/details/${id}`, list: '/hospitals' },
  // Sites have no list of their own (each city lists its sites): no "See all".
  sites: { heading: 'Sites', kind: 'Site', icon: MapPinIcon, details: (id) => `/sites/site-details/${id}` },
  cities: { heading: 'Cities', kind: 'City', icon: MapPinIcon, details: (id) => `/cities/${id}`, list: '/content-management' },
}

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 200

const searchKeys = { all: ['search'] as const, text: (q: string) => ['search', q] as const }

/** `value` once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * GET /admin/search for the text typed. A newer text replaces the query, and the older request,
 * no longer watched, is cancelled through the signal TanStack Query hands to ky.
 */
function useSearch(text: string) {
  const q = useSettled(text, SEARCH_DELAY_MS)
  const wanted = q.length >= SEARCH_LIMITS.minLength && q.length <= SEARCH_LIMITS.maxLength
  const query = useQuery({
    queryKey: searchKeys.text(q),
    queryFn: ({ signal }) => http.get('admin/search', withData(searchResults), { q }, { signal }).then((r) => r.data),
    enabled: wanted,
  })
  return { q, wanted, settled: q === text, ...query }
}

const recordGroups = (found: SearchResults, q: string): Group[] =>
  SEARCH_KINDS.flatMap((kind) => {
    const { heading, kind: name, icon, details, list } = KINDS[kind]
    const { items, more } = found[kind]
    if (items.length === 0) return []
    const commands: Command[] = items.map((hit) => ({ id: `${kind}-${hit._id}`, label: hit.label, sub: hit.subLabel, icon, kind: name, url: details(hit._id) }))
    if (more && list) {
      commands.push({ id: `${kind}-all`, label: `See all ${heading.toLowerCase()} matching “${q}”`, icon: SearchIcon, url: `${list}?search=${encodeURIComponent(q)}` })
    }
    return [{ id: kind, heading, commands, note: more && !list ? `More ${heading.toLowerCase()} match: type more to narrow.` : undefined }]
  })

const countText = (n: number) => (n === 0 ? 'No results' : n === 1 ? '1 result' : `${n} results`)

/**
 * The command palette (Ctrl+K, or Cmd+K on macOS): with nothing typed, the recent items, the
 * screens and the actions; as one types, the screens and actions that match and, from the
 * server, the users, pet shops, hospitals, sites and cities. Arrows move, Enter goes, Escape
 * closes (focus goes back where it was). A polite live region says how many results there are.
 * Loaded the first time it is opened.
 */
export default function CommandPalette({
  open,
  onClose,
  onSignOut,
  onShortcuts,
}: {
  open: boolean
  onClose: () => void
  /** The app's sign-out (the profile menu's Log out). */
  onSignOut?: () => void
  /** Shows the keyboard shortcuts. */
  onShortcuts?: () => void
}) {
  const role = useAuth().userDetails?.role
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const [recent, setRecent] = useState<RecentItem[]>(readRecent)
  // Read again each time it opens: details pages visited meanwhile joined the list.
  const [shownOpen, setShownOpen] = useState(open)
  if (shownOpen !== open) {
    setShownOpen(open)
    if (open) setRecent(readRecent())
  }
  // A command that opens a dialog (the shortcuts) runs once the palette has gone and given focus
  // back: opened under it, that dialog would keep the palette's input as where focus returns to
  // and lose focus to the page behind when the palette's own restore lands.
  const [pending, setPending] = useState<{ run: () => void } | null>(null)
  useEffect(() => {
    if (open || !pending) return
    const timer = setTimeout(() => {
      setPending(null)
      pending.run()
    }, 0)
    return () => clearTimeout(timer)
  }, [open, pending])

  const [screens, actions] = useMemo(() => {
    const screens = [...mainMenu, ...settingsMenu]
      .filter((item) => item.ready && (!item.permission || can(role, item.permission)))
      .map((item): Command => ({ id: item.id, label: item.title, url: item.url, icon: item.icon, kind: 'Screen' }))
    const actions = ACTIONS.filter((a) => !a.permission || can(role, a.permission)).flatMap((a): Command[] => {
      if (a.url) return [{ id: a.id, label: a.label, icon: a.icon, url: a.url, sendNotification: a.sendNotification }]
      const run = a.run === 'signOut' ? onSignOut : onShortcuts
      return run ? [{ id: a.id, label: a.label, icon: a.icon, run }] : []
    })
    return [screens, actions]
  }, [role, onSignOut, onShortcuts])

  const text = query.trim()
  const search = useSearch(text)
  const wanted = text.toLowerCase()
  const matching = (commands: Command[]) => (wanted ? commands.filter((c) => c.label.toLowerCase().includes(wanted)) : commands)
  const groups: Group[] = [
    ...(wanted
      ? []
      : [{ id: 'recent', heading: 'Recent', commands: recent.map((r): Command => ({ id: `recent-${r.url}`, label: r.label, sub: r.kind, icon: PageIcon, kind: r.kind, url: r.url })) }]),
    { id: 'screens', heading: 'Screens', commands: matching(screens) },
    { id: 'actions', heading: 'Actions', commands: matching(actions) },
    ...(search.wanted && search.settled && search.data ? recordGroups(search.data, search.q) : []),
  ].filter((g) => g.commands.length > 0)
  const count = groups.reduce((n, g) => n + g.commands.length, 0)
  const searching = text.length >= SEARCH_LIMITS.minLength && (!search.settled || search.isFetching)
  // Said once per change: "Searching…" while the server is asked, then the count.
  const announcement = !wanted ? '' : searching ? 'Searching…' : countText(count)

  const close = () => {
    setQuery('')
    onClose()
  }
  const go = (command: Command | null) => {
    if (!command) return
    close()
    if ('run' in command) return setPending({ run: command.run })
    if (command.kind) rememberRecent({ url: command.url, label: command.label, kind: command.kind })
    void navigate({ href: command.url, state: command.sendNotification ? { sendNotification: true } : undefined })
  }
  const clear = () => {
    clearRecent()
    setRecent([])
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 flex items-start justify-center p-2 pt-[8vh] sm:p-4 sm:pt-[12vh]">
        <DialogPanel className="w-full max-w-lg overflow-hidden rounded-lg bg-white shadow-xl">
          <DialogTitle className="sr-only">Go to</DialogTitle>
          <Combobox<Command | null> value={null} onChange={go}>
            <ComboboxInput
              autoFocus
              aria-label="Go to a screen, a record or an action"
              placeholder="Go to or find…"
              autoComplete="off"
              maxLength={SEARCH_LIMITS.maxLength}
              onChange={(event) => setQuery(event.target.value)}
              className="w-full border-b border-slate-200 px-4 py-3 text-base text-slate-900 outline-none placeholder:text-slate-500"
            />
            <ComboboxOptions static modal={false} className="max-h-[60vh] overflow-y-auto py-1">
              {groups.map((group) => (
                <div key={group.id} role="group" aria-label={group.heading} className="py-1">
                  <div aria-hidden="true" className="flex items-center justify-between px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
                    {group.heading}
                  </div>
                  {group.commands.map((command) => (
                    <ComboboxOption
                      key={command.id}
                      value={command}
                      className="flex cursor-pointer items-center gap-3 px-4 py-2 text-sm text-slate-800 data-[focus]:bg-primary-50 data-[focus]:text-primary-800"
                    >
                      <command.icon className="h-5 w-5 shrink-0" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{command.label}</span>
                        {command.sub && <span className="block truncate text-xs text-slate-600">{command.sub}</span>}
                      </span>
                    </ComboboxOption>
                  ))}
                  {group.note && <p className="px-4 py-1 text-xs text-slate-600">{group.note}</p>}
                </div>
              ))}
            </ComboboxOptions>
            {count === 0 && !searching && <p className="px-4 pb-4 text-sm text-slate-600">Nothing matches “{text}”.</p>}
            {searching && count === 0 && <p className="px-4 pb-4 text-sm text-slate-600">Searching…</p>}
          </Combobox>
          {!wanted && recent.length > 0 && (
            <div className="flex justify-end border-t border-slate-200 px-4 py-2">
              <button type="button" onClick={clear} className="rounded text-sm font-medium text-primary-800 underline-offset-2 hover:underline">
                Clear recent items
              </button>
            </div>
          )}
          <p role="status" aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
