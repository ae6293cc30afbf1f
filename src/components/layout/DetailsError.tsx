import { Link, type ErrorComponentProps, type LinkProps } from '@tanstack/react-router'
import { CallError } from '@/lib/http'
import { Breadcrumbs } from './Breadcrumbs'
import type { Crumb } from './crumbs'
import { usePageTitle } from './PageTitle'
import { RouteError } from './RouteError'

export type NotFoundText = {
  /** The heading: 'User not found'. */
  title: string
  /** What it means: 'No user has this id. …'. */
  text: string
  /** The way back, to the list or to the parent's page. */
  back: { to: LinkProps['to']; label: string }
}

/**
 * A details route's error view. An id that names nothing reads as such (the client only logs a
 * 404), with the way back; any other failure is the usual retry. `trail`, when the page draws its
 * own breadcrumbs, ends in what the page would have been.
 */
export function DetailsError({ title, text, back, trail, ...props }: ErrorComponentProps & NotFoundText & { trail?: Crumb[] }) {
  const notFound = props.error instanceof CallError && props.error.status === 404
  usePageTitle(notFound ? title : undefined)
  return (
    <>
      {trail && <Breadcrumbs items={trail} />}
      {notFound ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-white p-6">
          <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">{text}</p>
          <Link to={back.to} className="font-semibold text-primary-700 underline-offset-2 hover:underline">
            {back.label}
          </Link>
        </div>
      ) : (
        <RouteError {...props} />
      )}
    </>
  )
}
