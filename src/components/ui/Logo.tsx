/**
 * The product's mark and name. `tone="light"` for dark backgrounds. The orange of "Admin" is the
 * lightest (or, on teal, the palest) shade that reads at 4.5:1, as small bold text must.
 */
export function Logo({
  tone = 'dark',
  product = 'admin',
  className = '',
}: {
  tone?: 'dark' | 'light'
  /** 'platform' on the pages pet owners read (policies, FAQ, contact, support): "Petcare" alone. */
  product?: 'admin' | 'platform'
  className?: string
}) {
  const light = tone === 'light'
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className={`grid h-9 w-9 place-items-center rounded-lg ${light ? 'bg-white text-primary-700' : 'bg-primary-700 text-white'}`}
      >
        <PawIcon className="h-5 w-5" />
      </span>
      <span className={`whitespace-nowrap text-lg font-bold tracking-tight ${light ? 'text-white' : 'text-slate-900'}`}>
        Petcare{product === 'admin' && <> <span className={light ? 'text-secondary-100' : 'text-secondary-700'}>Admin</span></>}
      </span>
    </span>
  )
}

export function PawIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={className}>
      <ellipse cx="6" cy="9" rx="2.2" ry="2.8" />
      <ellipse cx="10.2" cy="5.6" rx="2.2" ry="2.8" />
      <ellipse cx="13.8" cy="5.6" rx="2.2" ry="2.8" />
      <ellipse cx="18" cy="9" rx="2.2" ry="2.8" />
      <path d="M12 10.5c-3 0-6.5 4.2-6.5 7 0 1.8 1.4 2.7 3 2.7 1.4 0 2.3-.8 3.5-.8s2.1.8 3.5.8c1.6 0 3-.9 3-2.7 0-2.8-3.5-7-6.5-7Z" />
    </svg>
  )
}
