import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { USER_STATUS } from '../contract/enums'
import { PLATFORM_NAME, pageTitle } from '../contract/page-title'
import type { Db } from './db/client'
import { appUsers, pets } from './db/schema'

/**
 * Link previews of the public pet page: a pet owner shares /pet-details/<id>, and chat apps and
 * social sites read the page's Open Graph and Twitter tags, without running any script, to draw
 * a card. The server writes those tags into the page's HTML. Only the pet is described (name,
 * species, breed, age, first photo): the owner's details never reach the tags.
 */

/** What a preview shows of a pet. */
export interface PetPreview {
  name: string
  speciesName: string | null
  breedName: string | null
  /** Years; under 1 the page reads it as months (age x 10). */
  age: number | null
  /** The first profile photo's URL, as stored. */
  photoUrl: string | null
}

/** Finds a pet's preview by id (a UUID), or undefined. */
export type PetPreviewLookup = (petId: string) => Promise<PetPreview | undefined>

const petId = z.uuid()

/**
 * Reads previews from the pets table; the owner is joined for their status alone (nothing of
 * theirs is selected, so nothing can leak): a blocked owner's pet is not public, as for the pet
 * call, and gets the generic tags.
 */
export const petPreviewLookup =
  (db: Db): PetPreviewLookup =>
  async (id) => {
    if (!petId.safeParse(id).success) return undefined
    const [row] = await db
      .select({
        name: pets.name,
        speciesName: pets.speciesName,
        breedName: pets.breedName,
        age: pets.age,
        profilePhotos: pets.profilePhotos,
      })
      .from(pets)
      .innerJoin(appUsers, eq(appUsers.id, pets.ownerId))
      .where(and(eq(pets.id, id), eq(appUsers.status, USER_STATUS.ACTIVE)))
    if (!row) return undefined
    const { profilePhotos, ...rest } = row
    return { ...rest, photoUrl: profilePhotos[0]?.url ?? null }
  }

/** Text made safe for HTML text and quoted attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} old`

/** The age as the page shows it, in words: under 1 year, age x 10 months, as the public page shows it. */
export function ageInWords(age: number | null): string | undefined {
  if (age === null || !Number.isFinite(age) || age < 0) return undefined
  if (age < 1) {
    const months = Math.round(age * 10)
    return months > 0 ? plural(months, 'month') : undefined
  }
  return plural(Math.round(age * 10) / 10, 'year')
}

export const GENERIC_PREVIEW = {
  title: 'Pet Details',
  description: "A pet's profile, shared from the Petcare app.",
} as const

const SITE_NAME = 'Petcare'

/** An absolute http(s) URL for the image, resolved against the site; anything else is left out. */
function absoluteImageUrl(url: string | null, baseUrl: string): string | undefined {
  if (!url) return undefined
  try {
    const resolved = new URL(url, `${baseUrl}/`)
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : undefined
  } catch {
    return undefined
  }
}

/**
 * The head tags for a pet's page (or the generic ones when `pet` is undefined): the title,
 * a description, Open Graph and Twitter card tags. Every value is HTML-escaped.
 */
export function petPreviewTags(pet: PetPreview | undefined, { pageUrl, baseUrl }: { pageUrl: string; baseUrl: string }): string {
  const description = pet
    ? [pet.speciesName, pet.breedName, ageInWords(pet.age)].filter(Boolean).join(' · ') || GENERIC_PREVIEW.description
    : GENERIC_PREVIEW.description
  const ogTitle = pet ? pet.name : GENERIC_PREVIEW.title
  // The same title the page sets once it has the pet (src/pet-details/PetPage.tsx).
  const title = pageTitle(pet ? `${GENERIC_PREVIEW.title}: ${pet.name}` : GENERIC_PREVIEW.title, PLATFORM_NAME)
  const image = pet ? absoluteImageUrl(pet.photoUrl, baseUrl) : undefined

  type Meta = readonly [attribute: 'name' | 'property', key: string, value: string]
  const meta: Meta[] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', ogTitle],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
  ]
  if (image && pet) meta.push(['property', 'og:image', image], ['property', 'og:image:alt', `Photo of ${pet.name}`])
  meta.push(
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', ogTitle],
    ['name', 'twitter:description', description],
  )
  if (image) meta.push(['name', 'twitter:image', image])
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...meta.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ')
}

/** Tags the built page may carry already, which the preview's replace (so none is doubled). */
const REPLACED_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title\s*>\s*/gi,
  /<meta\b[^>]*\b(?:property|name)\s*=\s*["']?(?:og:|twitter:|description\b)[^>]*>\s*/gi,
]

/** The page's HTML with `tags` at the end of its head, in place of its own title and preview tags. */
export function withHeadTags(html: string, tags: string): string {
  const cleaned = REPLACED_TAGS.reduce((page, pattern) => page.replace(pattern, ''), html)
  // Replacer functions: a '$&' in a pet's name must stay text, not become a replacement pattern.
  if (/<\/head\s*>/i.test(cleaned)) return cleaned.replace(/<\/head\s*>/i, (end) => `  ${tags}\n  ${end}`)
  if (/<head\b[^>]*>/i.test(cleaned)) return cleaned.replace(/<head\b[^>]*>/i, (start) => `${start}\n    ${tags}`)
  return `${tags}\n${cleaned}`
}
