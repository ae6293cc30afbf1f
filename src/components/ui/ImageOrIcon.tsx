import { useState } from 'react'
import { fileSrc } from '@/lib/file-src'

/**
 * The first of `sources` that loads, or a photo icon when none does (a revoked preview, a broken
 * or unreachable URL: a broken image is never shown as one). Fills its box.
 */
export function ImageOrIcon({
  sources,
  alt,
  className = 'h-full w-full object-cover',
}: {
  sources: (string | undefined)[]
  alt: string
  className?: string
}) {
  const [broken, setBroken] = useState<string[]>([])
  const src = sources.find((s): s is string => !!s && !broken.includes(s))
  if (!src) {
    return (
      <span role="img" aria-label={alt} className="flex h-full w-full items-center justify-center bg-slate-50 text-slate-300">
        <PhotoIcon />
      </span>
    )
  }
  return <img src={fileSrc(src)} alt={alt} loading="lazy" onError={() => setBroken((b) => [...b, src])} className={className} />
}

function PhotoIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinejoin="round"
      aria-hidden="true"
      className="h-10 w-10"
    >
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M4 17l5-5 4 4 2.5-2.5L20 18" />
    </svg>
  )
}
