import type { PetDetails } from '@contract/pets'
import { REQUEST_TIMEOUT_MS } from '@contract/limits'

/**
 * The page's one call, GET /pet/petbyid?petId= (public, no token), with plain fetch: this page
 * must stay small, so it carries neither ky nor zod. The answer is checked by hand (toPet).
 */
export type PetResult = { kind: 'found'; pet: PetDetails } | { kind: 'not-found' } | { kind: 'error' }

const API_BASE = (import.meta.env.VITE_API_BASE_URL || '/api/v1').replace(/\/+$/, '')
/** The API server's origin, which also serves the uploads' resized copies. */
export const API_ORIGIN = new URL(API_BASE, location.href).origin

/** The petId of `/pet-details/<petId>`, or null when the path has none. */
export function petIdFromPath(pathname: string): string | null {
  const match = /^\/pet-details\/([^/]+)\/?$/.exec(pathname)
  if (!match) return null
  try {
    return decodeURIComponent(match[1]!).trim() || null
  } catch {
    return null
  }
}

/** The API's answer: its status and JSON body (null when not JSON); null when none came. */
export type Answer = { status: number; body: unknown } | null

declare global {
  interface Window {
    /** The answer pet-details.html's inline script asked for before this code loaded (same call). */
    __petAnswer?: Promise<Answer>
  }
}

/** GET /pet/petbyid?petId= with plain fetch (no ky: the page stays small) and the API's 30 s time-out. */
export async function fetchAnswer(petId: string): Promise<Answer> {
  try {
    const response = await fetch(`${API_BASE}/pet/petbyid?petId=${encodeURIComponent(petId)}`, {
      headers: { Accept: 'application/json', language: 'EN', platform: 'web' },
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REQUEST_TIMEOUT_MS) : undefined,
    })
    return { status: response.status, body: await response.json().catch(() => null) }
  } catch {
    return null
  }
}

/**
 * What the page does with an answer: a 400 (bad id), a 404 (unknown id) or an empty answer is
 * 'not-found' (the page goes to /no-data-found); no answer, a time-out or a 5xx is 'error' (the
 * page offers to try again).
 */
export function resultOf(answer: Answer): PetResult {
  if (!answer) return { kind: 'error' }
  if (answer.status === 400 || answer.status === 404) return { kind: 'not-found' }
  if (answer.status < 200 || answer.status >= 300) return { kind: 'error' }
  const pet = toPet(isRecord(answer.body) ? answer.body.data : null)
  return pet ? { kind: 'found', pet } : { kind: 'not-found' }
}

/** Loads the pet; never rejects. */
export const loadPet = async (petId: string): Promise<PetResult> => resultOf(await fetchAnswer(petId))

type Json = Record<string, unknown>
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === 'string' ? value : null)
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const items = <T,>(value: unknown, item: (entry: Json) => T | null): T[] =>
  Array.isArray(value) ? value.flatMap((entry) => (isRecord(entry) ? (item(entry) ?? []) : [])) : []

/**
 * The answer's `data` as the page's pet, or null when it is empty (not an object, or no _id).
 * Each field the page shows is taken only if it has the contract's type (contract/pets.ts);
 * anything else reads as missing, so a malformed field shows a placeholder rather than breaking.
 */
export function toPet(data: unknown): PetDetails | null {
  if (!isRecord(data) || typeof data._id !== 'string' || data._id === '') return null
  const species = isRecord(data.species) ? text(data.species.name) : null
  const breed = isRecord(data.breed) ? text(data.breed.breedName) : null
  const owner = isRecord(data.owner) ? data.owner : null
  return {
    _id: data._id,
    name: text(data.name) ?? '',
    age: number(data.age),
    species: species === null ? null : { name: species },
    weight: number(data.weight),
    breed: breed === null ? null : { breedName: breed },
    size: number(data.size),
    gender: number(data.gender),
    microChipId: text(data.microChipId),
    dateOfBirth: text(data.dateOfBirth),
    profileType: text(data.profileType) ?? '',
    marking: text(data.marking),
    medicalHistory: text(data.medicalHistory),
    medications: items(data.medications, (m) => (text(m.name) ? { name: m.name as string } : null)),
    vaccines: items(data.vaccines, (v) => {
      const name = isRecord(v.vaccine) ? text(v.vaccine.name) : null
      return name === null ? null : { date: text(v.date) ?? '', vaccine: { name } }
    }),
    profilePhotos: items(data.profilePhotos, (p) => (text(p.url) ? { url: p.url as string } : null)),
    owner: owner && {
      name: text(owner.name),
      mobileNo: text(owner.mobileNo),
      email: text(owner.email),
      days: number(owner.days),
    },
  }
}
