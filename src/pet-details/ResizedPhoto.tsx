import { useState, type ImgHTMLAttributes } from 'react'
import { PLACEHOLDER_IMAGE } from './media'

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> & {
  src: string
  /** Smaller copies of `src` for the browser to choose from; `src` itself is tried when they fail. */
  srcSet?: string | undefined
  /** Told once when `src` fails to load (the media viewer then shows the placeholder too). */
  onBroken?: (src: string) => void
}

/** What is shown for an address: its copies, the original, or (both failed) the placeholder. */
type Stage = 'copies' | 'original' | 'placeholder'

/** A photo from its resized copies, else its original, else the placeholder image: never a broken-image icon. */
export function ResizedPhoto({ src, srcSet, onBroken, alt, ...props }: Props) {
  const [failed, setFailed] = useState<{ src: string; stage: Stage } | null>(null)
  const stage: Stage = failed?.src === src ? failed.stage : srcSet ? 'copies' : 'original'
  return (
    <img
      {...props}
      alt={alt}
      // srcSet (and sizes, in props) before src: React sets them in this order, and an img given
      // its src first starts loading that before it learns of the copies.
      srcSet={stage === 'copies' ? srcSet : undefined}
      src={stage === 'placeholder' ? PLACEHOLDER_IMAGE : src}
      data-broken={stage === 'placeholder' || undefined}
      onError={() => {
        if (stage === 'copies') return setFailed({ src, stage: 'original' })
        if (stage === 'placeholder') return
        setFailed({ src, stage: 'placeholder' })
        onBroken?.(src)
      }}
    />
  )
}
