import { useState } from 'react'
import { UserCircleIcon } from '@/components/layout/icons'

/**
 * The profile picture, or the default icon when there is none or it fails to load (spec
 * section 8: a broken profile image is replaced by a placeholder).
 */
export function Avatar({ src, className = 'h-10 w-10' }: { src: string | null | undefined; className?: string }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null)
  if (src && src !== brokenSrc) {
    return (
      <img
        src={src}
        alt="Profile picture"
        onError={() => setBrokenSrc(src)}
        className={`shrink-0 rounded-full bg-slate-100 object-cover ${className}`}
      />
    )
  }
  return (
    <span role="img" aria-label="Default profile picture" className={`inline-flex shrink-0 text-primary-700 ${className}`}>
      <UserCircleIcon className="h-full w-full" />
    </span>
  )
}
