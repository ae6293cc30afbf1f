/** The page loader, centred on the page as the product asks. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner />
      <span className="sr-only">{label}</span>
    </div>
  )
}

export function Spinner({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-primary-100 border-t-primary-600 ${className}`}
    />
  )
}
