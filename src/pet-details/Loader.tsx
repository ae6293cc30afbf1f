/** The loader under the page's title; pet-details.html paints the same markup before the script runs. */
export function Loader({ label = 'Loading pet details…' }: { label?: string }) {
  return (
    <div className="flex justify-center py-16" role="status">
      <span className="size-10 animate-spin rounded-full border-4 border-primary-100 border-t-primary-700 motion-reduce:animate-none"></span>
      <span className="sr-only">{label}</span>
    </div>
  )
}
