import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { USER_STATUS } from '../../contract'
import { appUsers } from '../../server/db/schema'
import { ageInWords, petPreviewLookup } from '../../server/pet-preview'
import { PET_PAGE_FILE, spaRoutes } from '../../server/spa'
import { captureLog } from './helpers/captured-log'
import { addPets, addUsers, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const INDEX_HTML = '<!doctype html><html><head><meta charset="UTF-8" /><title>Petcare Admin</title></head><body><div id="root"></div></body></html>'
const PET_HTML =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Pet Details</title>' +
  '<meta property="og:title" content="Placeholder" /><meta name="twitter:card" content="summary" /></head>' +
  '<body><div id="pet-root"></div></body></html>'

const SITE = 'https://petcare.example'

/** The content of each `<meta>` in the head, by its property or name (repeats collected). */
function metaOf(html: string): Record<string, string[]> {
  const tags: Record<string, string[]> = {}
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    ;(tags[key!] ??= []).push(value!)
  }
  return tags
}
const titleOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])

describe('the public pet page, with link-preview tags', () => {
  let dist: string
  let t: TestApp
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'petcare-dist-'))
    writeFileSync(join(dist, 'index.html'), INDEX_HTML)
    writeFileSync(join(dist, PET_PAGE_FILE), PET_HTML)
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))
  beforeEach(async () => {
    t = await testApp()
  })

  const page = (path: string, options: { publicUrl?: string; accept?: string; distDir?: string } = {}) =>
    spaRoutes(options.distDir ?? dist, { petPreview: petPreviewLookup(t.db), publicUrl: options.publicUrl ?? SITE }).request(path, {
      headers: { Accept: options.accept ?? 'text/html' },
    })

  let owners = 0
  async function addPet(row: Parameters<typeof addPets>[2][number]) {
    const n = ++owners
    const [owner] = await addUsers(t, [{ name: 'Olivia Owner', email: `olivia.owner${n}@example.com`, mobileNo: '7700900123', countryCode: '+44' }])
    const [pet] = await addPets(t, owner!.id, [row])
    return pet!
  }

  it('describes a known pet: title, Open Graph and Twitter tags, uncached', async () => {
    const pet = await addPet({
      name: 'Bella',
      speciesName: 'Dog',
      breedName: 'Labrador Retriever',
      age: 3,
      profilePhotos: [{ url: 'https://img.example/bella-1.jpg' }, { url: 'https://img.example/bella-2.jpg' }],
    })
    const res = await page(`/pet-details/${pet.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain('<div id="pet-root"></div>') // the pet page's own entry
    expect(titleOf(html)).toEqual(['Pet Details: Bella · Petcare'])
    expect(metaOf(html)).toEqual({
      description: ['Dog · Labrador Retriever · 3 years old'],
      'og:type': ['website'],
      'og:site_name': ['Petcare'],
      'og:title': ['Bella'],
      'og:description': ['Dog · Labrador Retriever · 3 years old'],
      'og:url': [`${SITE}/pet-details/${pet.id}`],
      'og:image': ['https://img.example/bella-1.jpg'],
      'og:image:alt': ['Photo of Bella'],
      'twitter:card': ['summary_large_image'],
      'twitter:title': ['Bella'],
      'twitter:description': ['Dog · Labrador Retriever · 3 years old'],
      'twitter:image': ['https://img.example/bella-1.jpg'],
    })
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'))
  })

  it('never puts the owner in the tags', async () => {
    const pet = await addPet({ name: 'Milo', speciesName: 'Cat', profilePhotos: [{ url: 'https://img.example/milo.jpg' }] })
    const html = await (await page(`/pet-details/${pet.id}`)).text()
    expect(html).not.toMatch(/Olivia|olivia\.owner|7700900123/)
  })

  it('escapes a name with markup in it, so it stays inert text', async () => {
    const name = `<script>alert("x")</script> Rex & 'Co' $& $'`
    const pet = await addPet({ name, speciesName: 'Dog', profilePhotos: [{ url: 'https://img.example/a.jpg?x=1&y="2"' }] })
    const html = await (await page(`/pet-details/${pet.id}`)).text()
    expect(html).not.toContain('<script>')
    expect(titleOf(html)).toEqual(['Pet Details: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Rex &amp; &#39;Co&#39; $&amp; $&#39; · Petcare'])
    expect(metaOf(html)['og:title']).toEqual(['&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Rex &amp; &#39;Co&#39; $&amp; $&#39;'])
    expect(metaOf(html)['og:image']).toEqual(['https://img.example/a.jpg?x=1&amp;y=%222%22'])
  })

  it('makes a relative photo URL absolute and leaves out a photo that is not http(s)', async () => {
    const relative = await addPet({ name: 'Rel', profilePhotos: [{ url: '/uploads/pet/a.png' }] })
    expect(metaOf(await (await page(`/pet-details/${relative.id}`)).text())['og:image']).toEqual([`${SITE}/uploads/pet/a.png`])
    const scripted = await addPet({ name: 'Js', profilePhotos: [{ url: 'javascript:alert(1)' }] })
    const tags = metaOf(await (await page(`/pet-details/${scripted.id}`)).text())
    expect(tags['og:image']).toBeUndefined()
    expect(tags['twitter:card']).toEqual(['summary'])
  })

  it('uses the request origin when no public URL is set', async () => {
    const pet = await addPet({ name: 'Origin' })
    const res = await spaRoutes(dist, { petPreview: petPreviewLookup(t.db) }).request(`http://pets.local:8080/pet-details/${pet.id}`, {
      headers: { Accept: 'text/html' },
    })
    expect(metaOf(await res.text())['og:url']).toEqual([`http://pets.local:8080/pet-details/${pet.id}`])
  })

  it.each([
    ['an unknown pet', `/pet-details/${UNKNOWN_ID}`],
    ['an id that is not a UUID', '/pet-details/42'],
    ['markup in the path', '/pet-details/%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['no id', '/pet-details/'],
  ])('serves the same page with generic tags for %s', async (_what, path) => {
    const res = await page(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    const html = await res.text()
    expect(html).toContain('<div id="pet-root"></div>')
    expect(html).not.toMatch(/<script>/i)
    expect(titleOf(html)).toEqual(['Pet Details · Petcare'])
    const tags = metaOf(html)
    expect(tags['og:title']).toEqual(['Pet Details'])
    expect(tags['og:description']).toEqual(["A pet&#39;s profile, shared from the Petcare app."])
    expect(tags['og:type']).toEqual(['website'])
    expect(tags['og:image']).toBeUndefined()
    expect(tags['twitter:card']).toEqual(['summary'])
  })

  it("gives a blocked owner's pet the generic tags, as the pet call answers it as missing", async () => {
    const pet = await addPet({ name: 'Hidden', speciesName: 'Dog', profilePhotos: [{ url: 'https://img.example/hidden.jpg' }] })
    await t.db.update(appUsers).set({ status: USER_STATUS.BLOCKED }).where(eq(appUsers.id, pet.ownerId))
    const html = await (await page(`/pet-details/${pet.id}`)).text()
    expect(titleOf(html)).toEqual(['Pet Details · Petcare'])
    expect(html).not.toMatch(/Hidden|hidden\.jpg/)
  })

  it('answers a crawler that accepts anything with the page too', async () => {
    const pet = await addPet({ name: 'Crawled' })
    const res = await page(`/pet-details/${pet.id}`, { accept: '*/*' })
    expect(res.status).toBe(200)
    expect(titleOf(await res.text())).toEqual(['Pet Details: Crawled · Petcare'])
  })

  it('falls back to index.html while the pet page has no entry of its own', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'petcare-dist-'))
    try {
      writeFileSync(join(plain, 'index.html'), INDEX_HTML)
      const pet = await addPet({ name: 'Fallback' })
      const html = await (await page(`/pet-details/${pet.id}`, { distDir: plain })).text()
      expect(html).toContain('<div id="root"></div>')
      expect(titleOf(html)).toEqual(['Pet Details: Fallback · Petcare'])
    } finally {
      rmSync(plain, { recursive: true, force: true })
    }
  })

  it('still serves the page, with generic tags, when the lookup fails (and logs why)', async () => {
    const failing = spaRoutes(dist, { petPreview: () => Promise.reject(new Error('database down')) })
    let res: Response | undefined
    const { lines } = await captureLog(async () => {
      res = await failing.request(`/pet-details/${UNKNOWN_ID}`, { headers: { Accept: 'text/html' } })
    })
    expect(res!.status).toBe(200)
    expect(titleOf(await res!.text())).toEqual(['Pet Details · Petcare'])
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', error: expect.stringContaining('database down') }))
  })
})

describe('ageInWords', () => {
  it.each([
    [0.6, '6 months old'],
    [0.1, '1 month old'],
    [1, '1 year old'],
    [3, '3 years old'],
    [2.5, '2.5 years old'],
    [0, undefined],
    [null, undefined],
  ])('reads %s as %s', (age, words) => {
    expect(ageInWords(age)).toBe(words)
  })
})
