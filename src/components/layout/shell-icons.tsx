import type { JSX, ReactNode, SVGProps } from 'react'

/**
 * The shell's icons: small inline SVGs (24 px grid, stroke drawn in `currentColor`), always
 * decorative (`aria-hidden`): the control that holds one carries the accessible name.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>
export type Icon = (props: IconProps) => JSX.Element

/** An icon drawn from stroked paths on the 24 px grid; every icon set of the app is made with it. */
export function outline(paths: ReactNode): Icon {
  return function OutlineIcon({ className = 'h-5 w-5', ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
        {...props}
      >
        {paths}
      </svg>
    )
  }
}

export const MenuIcon = outline(<path d="M4 6h16M4 12h16M4 18h16" />)
export const CloseIcon = outline(<path d="M6 6l12 12M18 6L6 18" />)
export const ChevronDownIcon = outline(<path d="M6 9l6 6 6-6" />)
export const ChevronRightIcon = outline(<path d="M9 6l6 6-6 6" />)
export const CheckIcon = outline(<path d="M5 12.5l4.5 4.5L19 7.5" />)
export const CameraIcon = outline(
  <>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </>,
)
export const LogoutIcon = outline(
  <>
    <path d="M14 4h5v16h-5" />
    <path d="M10 8l-4 4 4 4M6 12h10" />
  </>,
)

export const DashboardIcon = outline(
  <>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <rect x="13" y="13" width="7" height="7" rx="1.5" />
  </>,
)
export const UsersIcon = outline(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
    <path d="M16 4.8a3.5 3.5 0 010 6.4M18 14.8c1.9.7 3.1 2.5 3.5 5.2" />
  </>,
)
export const StoreIcon = outline(
  <>
    <path d="M4 9l1.5-5h13L20 9" />
    <path d="M4 9a2.7 2.7 0 005.3 0 2.7 2.7 0 005.4 0A2.7 2.7 0 0020 9" />
    <path d="M5.5 11.5V20h13v-8.5M10 20v-5h4v5" />
  </>,
)
export const HospitalIcon = outline(
  <>
    <path d="M4 20V6h16v14M2.5 20h19" />
    <path d="M12 9v5M9.5 11.5h5M10 20v-3h4v3" />
  </>,
)
export const BellIcon = outline(
  <>
    <path d="M6 16V11a6 6 0 0112 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2.2 2.2 0 004 0" />
  </>,
)
export const FeedbackIcon = outline(
  <>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 9h8M8 12.5h5" />
  </>,
)
export const PartnerIcon = outline(
  <>
    <path d="M2.5 11l4-4 3 1.5L12 7l5.5 4" />
    <path d="M17.5 11l-5 5a1.5 1.5 0 01-2.1 0l-.4-.4M21.5 11l-4-4" />
    <path d="M6.5 13.5l2.5 2.5M8.5 11.5l3 3M6.5 7l-4 4 4 4" />
  </>,
)
export const SettingsIcon = outline(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.8l2 2.3 3-.4.9 2.9 2.8 1.3-.9 2.9 1.6 2.6-2.5 1.7-.1 3-3 .3L12 21.2l-1.8-2.5-3-.3-.1-3-2.5-1.7 1.6-2.6-.9-2.9 2.8-1.3.9-2.9 3 .4z" />
  </>,
)
export const PageIcon = outline(
  <>
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4M9 12h6M9 16h6" />
  </>,
)
export const LockIcon = outline(
  <>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8.5 10.5V7.5a3.5 3.5 0 017 0v3" />
  </>,
)
export const QuestionIcon = outline(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.6 9.3a2.5 2.5 0 114 2.2c-.9.5-1.6 1.1-1.6 2.2M12 17h.01" />
  </>,
)
export const SendIcon = outline(<path d="M21 3L10 14M21 3l-7 18-4-7-7-4 18-7z" />)
/** Content (cities and their sites): a map pin. */
export const MapPinIcon = outline(
  <>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0113 0c0 5.4-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </>,
)
export const PencilIcon = outline(
  <>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4z" />
    <path d="M13.5 6.5l4 4" />
  </>,
)
export const PlusIcon = outline(<path d="M12 5v14M5 12h14" />)
export const TrashIcon = outline(<path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />)
export const MailIcon = outline(
  <>
    <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
    <path d="M4 7l8 6 8-6" />
  </>,
)

/** The default profile picture: a head and shoulders in a circle, filled. */
export function UserCircleIcon({ className = 'h-10 w-10', ...props }: IconProps) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className} {...props}>
      <circle cx="20" cy="20" r="20" fill="currentColor" opacity="0.18" />
      <circle cx="20" cy="15.5" r="6.5" fill="currentColor" />
      <path d="M7.5 32.5c2.3-5.2 7-8 12.5-8s10.2 2.8 12.5 8A19.9 19.9 0 0120 40a19.9 19.9 0 01-12.5-7.5z" fill="currentColor" />
    </svg>
  )
}
export const SearchIcon = outline(<path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" />)
