/**
 * The top of the page in every state: the logo, and the title between the two cats.
 * pet-details.html paints the same markup (with the loader) before the script runs,
 * so the first paint does not wait for the script or the call.
 */
export function Header() {
  return (
    <header className="bg-white shadow-sm">
      <div className="mx-auto flex h-16 max-w-3xl items-center px-4">
        <img src="/images/logo.svg" alt="Petcare" width="132" height="36" />
      </div>
    </header>
  )
}

export function Title() {
  return (
    <div className="flex items-end justify-center gap-3 pt-5 pb-4">
      <img src="/images/cat-sitting.svg" alt="" width="56" height="56" className="size-12 sm:size-14" />
      <h1 className="pb-1 text-2xl font-bold text-primary-900 sm:text-3xl">Pet Details</h1>
      <img src="/images/cat-peeking.svg" alt="" width="56" height="56" className="size-12 sm:size-14" />
    </div>
  )
}
