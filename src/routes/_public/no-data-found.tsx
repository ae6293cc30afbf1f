import { Link, createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_public/no-data-found')({
  staticData: { title: 'No Data Found', brand: 'platform' },
  component: () => (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">No data found</h1>
      <p className="text-slate-600">What you opened is not here any more, or the link is incomplete.</p>
      <Link to="/" className="font-semibold text-primary-700 underline">
        Go to the home page
      </Link>
    </main>
  ),
})
