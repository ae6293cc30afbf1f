import { Card } from './DetailsCard'
import { fileSrc } from '@/lib/file-src'
import { ImageOrIcon } from './ImageOrIcon'

/**
 * A details page's images (places, sites): each named 'Image n' (by position, as pickers label them), opening full
 * size in a new tab; a short note when there are none. A region named by its heading.
 */
export function ImageGallery({
  images,
  title = 'Images',
  emptyText = 'No images added yet.',
}: {
  images: readonly string[]
  title?: string
  emptyText?: string
}) {
  return (
    <Card title={title}>
      {images.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {images.map((src, i) => (
            <li key={`${i}-${src}`}>
              <a href={fileSrc(src)} target="_blank" rel="noopener noreferrer" className="block aspect-square overflow-hidden rounded-lg bg-slate-100">
                <ImageOrIcon sources={[src]} alt={`Image ${i + 1}`} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
