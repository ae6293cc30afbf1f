/** The list kit: see ListScreen.tsx for how a list is put together. */
export {
  ListScreen,
  ListView,
  type ListRoute,
  type ListScreenProps,
  type ListStateChange,
  type ListViewProps,
} from './ListScreen'
export { DataTable, type DataTableProps } from './DataTable'
export type { ListColumnDefs, RowSelection } from './table-types'
export { Pagination } from './Pagination'
export { RowLink } from './RowLink'
export { SearchBox } from './SearchBox'
export { FiltersButton } from './FiltersButton'
export type { ListBulk, ListCsv } from './bulk-types'
export { DateRangeFilter, choiceFilter, dateRangeFilter, selectFilter, type DateRange, type ListFilterPart } from './filters'
export { ToolLabel, useToolButtonClass } from './tools'
export { cells, listColumns, listFeatures, statusCell, type ListColumnMeta, type ListFeatures } from './columns'
export { listDeps, listSearch, prefetchList, type FilterOption, type ListFilter, type ListParam, type ListSearch } from './search'
