import { createContext, useContext, type ComponentType, type ReactNode } from 'react'
import type { ListName } from '@contract/preferences'
import type { ListSearch } from './search'

/** What a list header's Views control gets: the list, its name and its state in effect. */
export type ListViewsProps = { list: ListName; name: string; state: ListSearch }

/**
 * Controls a list header shows that belong to a feature (shared code imports no feature): the
 * signed-in layout provides the saved views' control (features/saved-views).
 */
export type ListTools = { Views?: ComponentType<ListViewsProps> }

export const ListToolsContext = createContext<ListTools>({})

export const useListTools = () => useContext(ListToolsContext)

/**
 * Whether the list's toolbar is compact (a phone): search and icon buttons on one row, each
 * button's words read out but not shown. Set by the list screen.
 */
export const CompactToolsContext = createContext(false)

/**
 * A toolbar button's words: shown beside its icon, or on a phone read out only (the button keeps
 * its name, its icon is what is seen).
 */
export function ToolLabel({ children }: { children: ReactNode }) {
  const compact = useContext(CompactToolsContext)
  return compact ? <span className="sr-only">{children}</span> : children
}

/** A toolbar button's size: square on a phone, its icon alone. */
export function useToolButtonClass() {
  return useContext(CompactToolsContext) ? 'h-10 w-10 shrink-0 justify-center px-0!' : 'h-10'
}
