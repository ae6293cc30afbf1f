import { Link } from '@tanstack/react-router'
import { MSG } from '@contract/messages'
import { usePageTitle } from '@/components/layout/PageTitle'

/** Any unknown path: 'PAGE NOT FOUND' and a way back home. */
export function NotFound() {
  usePageTitle('Page Not Found')
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6 text-center">
      <p className="text-7xl font-bold text-primary-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold tracking-wide">{MSG.pageNotFound}</h1>
      <Link to="/" className="rounded-md bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800">
        Home Page
      </Link>
    </main>
  )
}
