import { useState } from 'react'
import { UserCircleIcon } from '@/components/layout/shell-icons'
import { fileSrc } from '@/lib/file-src'

/**
 * A person's picture, or the default icon when there is none or it fails to load (a
 * broken profile image is replaced by a placeholder). `alt=""` when a name stands beside it;
 * `fallbackAlt` names the default icon when it should read differently from the picture.
 */
export function Avatar({
  src,
  alt,
  fallbackAlt = alt,
  className = 'h-10 w-10',
}: {
  src: string | null | undefined
  alt: string
  fallbackAlt?: string
  className?: string
}) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null)
  if (src && src !== brokenSrc) {
    return (
      <img
        src={fileSrc(src)}
        alt={alt}
        onError={() => setBrokenSrc(src)}
        className={`shrink-0 rounded-full bg-slate-100 object-cover ${className}`}
      />
    )
  }
  return fallbackAlt ? (
    <span role="img" aria-label={fallbackAlt} className={`inline-flex shrink-0 text-primary-700 ${className}`}>
      <UserCircleIcon className="h-full w-full" />
    </span>
  ) : (
    <span aria-hidden="true" className={`inline-flex shrink-0 text-primary-700 ${className}`}>
      <UserCircleIcon className="h-full w-full" />
    </span>
  )
}
