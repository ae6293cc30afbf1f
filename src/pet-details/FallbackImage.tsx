import { useState, type ImgHTMLAttributes } from 'react'
import { PLACEHOLDER_IMAGE } from './media'

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string
  /** Told once when `src` fails to load (the media viewer then shows the placeholder too). */
  onBroken?: (src: string) => void
}

/** An image that falls back to the placeholder when its address is broken, never a broken-image icon. */
export function FallbackImage({ src, onBroken, alt, ...props }: Props) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null)
  const broken = brokenSrc === src
  return (
    <img
      {...props}
      alt={alt}
      src={broken ? PLACEHOLDER_IMAGE : src}
      data-broken={broken || undefined}
      onError={() => {
        if (broken) return
        setBrokenSrc(src)
        onBroken?.(src)
      }}
    />
  )
}
