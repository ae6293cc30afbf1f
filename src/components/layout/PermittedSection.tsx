import { useId, type ReactNode } from 'react'
import type { Permission } from '@contract'
import { useCan } from '@/lib/auth'

/**
 * A titled settings section for one permission: its content for a role that holds it; for one
 * that does not (the menu hides the entry, but a link still leads here), a note saying why, and
 * the content is not rendered, so nothing is asked of the server.
 */
export function PermittedSection({
  title,
  permission,
  denied,
  children,
}: {
  title: string
  permission: Permission
  denied: string
  children: ReactNode
}) {
  const allowed = useCan(permission)
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {allowed ? (
        children
      ) : (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {denied}
        </p>
      )}
    </section>
  )
}
