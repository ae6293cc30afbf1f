import { createContext, useContext, type ComponentType } from 'react'
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
