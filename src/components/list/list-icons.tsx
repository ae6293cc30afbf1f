import { outline } from '@/components/layout/shell-icons'

/** The list kit's icons: decorative inline SVGs; the control holding one carries the name. */
export const SearchIcon = outline(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </>,
)
export const ClearIcon = outline(<path d="M7 7l10 10M17 7L7 17" />)
export const FilterIcon = outline(<path d="M4 6h16M7 12h10M10 18h4" />)
export const SortAscIcon = outline(<path d="M12 19V5M6 11l6-6 6 6" />)
export const SortDescIcon = outline(<path d="M12 5v14M6 13l6 6 6-6" />)
export const SortNoneIcon = outline(<path d="M8 9l4-4 4 4M8 15l4 4 4-4" />)
export const FirstPageIcon = outline(<path d="M17 18l-6-6 6-6M7 6v12" />)
export const PrevPageIcon = outline(<path d="M15 18l-6-6 6-6" />)
export const NextPageIcon = outline(<path d="M9 6l6 6-6 6" />)
export const LastPageIcon = outline(<path d="M7 6l6 6-6 6M17 6v12" />)
export const DownloadIcon = outline(<path d="M12 4v11M7 10l5 5 5-5M5 20h14" />)
export const EyeIcon = outline(
  <>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
)
export const BlockIcon = outline(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M6 6l12 12" />
  </>,
)
export const UnblockIcon = outline(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M8.5 12.5l2.5 2.5 4.5-5" />
  </>,
)
export const ColumnsIcon = outline(<path d="M4 5h16v14H4zM10 5v14M16 5v14" />)
export const ViewsIcon = outline(<path d="M7 4h10v16l-5-4-5 4z" />)
