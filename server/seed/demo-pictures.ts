import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { UPLOAD_RULES, type ImageMimeType, type UploadFolder } from '../../contract'
import { looksLike } from '../storage/image-type'
import { contentTypeOfKey, type Storage } from '../storage/storage'
import { uuidOfHex } from './uuid-of-hex'

/**
 * The demo's pictures: small illustrations drawn for it (scripts/demo-images.mjs) and shipped
 * with the server, stored through the upload storage when demo rows are first written, so that
 * the demo shows no picture from another host. The rows name them by the URL an upload through
 * the panel gets (the same key shape and folder, so the image checks take them as uploads of
 * ours and editing a demo record keeps its pictures).
 */

/** Beside this module in the sources; beside the bundle in a build (scripts/build-server.mjs copies them). */
const PICTURES_DIR = join(import.meta.dirname, 'demo-images')

/** Which files illustrate what, and the upload folder each group goes to. */
const PICTURE_FILES = {
  pets: {
    folder: 'profile',
    files: {
      Dog: ['dog-golden.jpg', 'dog-black.jpg', 'dog-spotted.jpg'],
      Cat: ['cat-orange.jpg', 'cat-grey.jpg'],
      Bird: ['parrot.jpg'],
      Rabbit: ['rabbit.jpg'],
      Hamster: ['hamster.jpg'],
    },
  },
  people: { folder: 'profile', files: { all: ['person-1.jpg', 'person-2.jpg', 'person-3.jpg', 'person-4.jpg', 'person-5.jpg', 'person-6.jpg'] } },
  places: { folder: 'place', files: { petShop: ['shop-red.webp', 'shop-green.webp'], hospital: ['hospital-blue.webp', 'hospital-teal.webp'] } },
  sites: {
    folder: 'site',
    files: {
      park: ['site-park.webp', 'site-park-autumn.webp', 'site-city.webp'],
      beach: ['site-beach.webp', 'site-city.webp'],
      cafe: ['site-cafe.webp', 'site-city.webp'],
    },
  },
} as const satisfies Record<string, { folder: UploadFolder; files: Record<string, readonly string[]> }>

type Groups = typeof PICTURE_FILES
/** The stored pictures' URLs, by group and kind: `pets.Dog`, `people.all`, `places.petShop`, `sites.park`... */
export type DemoPictures = { [G in keyof Groups]: { [K in keyof Groups[G]['files']]: string[] } }

/** Every file the demo stores, once each (for checks). */
export const DEMO_PICTURE_FILES = [...new Set(Object.values(PICTURE_FILES).flatMap((g) => Object.values(g.files).flat()))]

/**
 * The month of the keys. Keys are named by their file's content (a changed drawing gets a new
 * key, since stored files are served as immutable), so they are the same on every start and in
 * every seed run: the files are stored once and reused, never copied again.
 */
const KEY_MONTH = '2026/11'

async function storePicture(storage: Storage, folder: UploadFolder, file: string): Promise<string> {
  const bytes = await readFile(join(PICTURES_DIR, file))
  const key = `${folder}/${KEY_MONTH}/${uuidOfHex(createHash('sha256').update(bytes).digest('hex'))}.${file.split('.').pop()}`
  const type = contentTypeOfKey(key) as ImageMimeType
  const rule = UPLOAD_RULES[folder]
  // What an upload to that folder must pass, so that a demo picture is as good as an uploaded one.
  if (!rule.mimeTypes.includes(type) || bytes.length > rule.maxBytes || !looksLike(type, bytes)) {
    throw new Error(`The demo picture ${file} breaks the ${folder} folder's upload rules`)
  }
  const held = await storage.get(key)
  await held?.body.cancel()
  if (held?.size !== bytes.length) await storage.put(key, bytes, type)
  return storage.fileUrl(key)
}

/**
 * Stores the demo's pictures in `storage` (those already there are left alone) and returns their
 * URLs, as an upload's are: on disk `/uploads/<key>`, relative to the panel, so they show
 * whatever address the panel is opened at.
 */
export async function storeDemoPictures(storage: Storage): Promise<DemoPictures> {
  const urls = new Map<string, Promise<string>>()
  const urlOf = (folder: UploadFolder, file: string) => {
    const id = `${folder}/${file}`
    if (!urls.has(id)) urls.set(id, storePicture(storage, folder, file))
    return urls.get(id)!
  }
  const group = async <F extends Record<string, readonly string[]>>(folder: UploadFolder, files: F) =>
    Object.fromEntries(await Promise.all(Object.entries(files).map(async ([kind, list]) => [kind, await Promise.all(list.map((f) => urlOf(folder, f)))]))) as {
      [K in keyof F]: string[]
    }
  const { pets, people, places, sites } = PICTURE_FILES
  return {
    pets: await group(pets.folder, pets.files),
    people: await group(people.folder, people.files),
    places: await group(places.folder, places.files),
    sites: await group(sites.folder, sites.files),
  }
}

/** Gives the demo pictures when first asked, storing them then (a start that seeds nothing stores nothing). */
export type DemoPictureSource = () => Promise<DemoPictures>

export function demoPictureSource(storage: Storage): DemoPictureSource {
  let stored: Promise<DemoPictures> | undefined
  return () => (stored ??= storeDemoPictures(storage))
}
