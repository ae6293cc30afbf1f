import type { UserPet } from '@contract'
import { notify } from '@/lib/toast'

export const PET_LINK_MSG = {
  copied: 'Pet link copied',
  failed: 'The link could not be copied. Select it and copy it by hand.',
} as const

/** The address a pet owner shares: the public pet page, opened without signing in. */
export const publicPetUrl = (petId: string) => `${window.location.origin}/pet-details/${encodeURIComponent(petId)}`

/**
 * Copies a pet's public link. Opening it here would not show the page: like every public page,
 * it sends a signed-in admin back to the panel. The address also shows as text, so it can be
 * copied by hand where the clipboard is not allowed.
 */
export function CopyPetLink({ pet }: { pet: Pick<UserPet, '_id' | 'name'> }) {
  const url = publicPetUrl(pet._id)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      notify.success(PET_LINK_MSG.copied)
    } catch {
      notify.error(PET_LINK_MSG.failed)
    }
  }
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy public link of ${pet.name}`}
        className="font-medium text-primary-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        Copy public link
      </button>
      <span className="w-full truncate text-xs text-slate-500 select-all" title={url}>
        {url}
      </span>
    </div>
  )
}
