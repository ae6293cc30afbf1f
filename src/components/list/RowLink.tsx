import type { AnchorHTMLAttributes, Ref } from 'react'
import { createLink } from '@tanstack/react-router'
import { PencilIcon } from '@/components/layout/shell-icons'
import { EyeIcon } from './list-icons'

const ICONS = { view: EyeIcon, edit: PencilIcon }
const TITLES = { view: 'View details', edit: 'Edit' }

type IconAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { icon?: keyof typeof ICONS; ref?: Ref<HTMLAnchorElement> }

function IconAnchor({ icon = 'view', title = TITLES[icon], ...props }: IconAnchorProps) {
  const Icon = ICONS[icon]
  return (
    <a
      {...props}
      title={title}
      className="inline-flex h-8 w-8 items-center justify-center rounded-full text-primary-700 hover:bg-primary-50"
    >
      <Icon className="h-5 w-5" />
    </a>
  )
}

/**
 * A row's round icon link to its details (the eye, by default) or its edit screen (`icon="edit"`),
 * typed like the router's `Link`. The icon says nothing to a screen reader: `aria-label` names the
 * row ('View Bella'); the tooltip says what the link does.
 *
 *     <RowLink to="/users/$userId" params={{ userId: user._id }} aria-label={`View ${who}`} />
 */
export const RowLink = createLink(IconAnchor)
