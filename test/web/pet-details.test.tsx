import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { USER_STATUS, type PetDetails } from '@contract'
import { loadPet, petIdFromPath, resultOf, toPet } from '@/pet-details/api'
import { ageLabel, ownerDaysLabel } from '@/pet-details/labels'
import { mediaOf, PHOTO_SIZES } from '@/pet-details/media'
import { PetDetailsApp } from '@/pet-details/PetDetailsApp'
import { APP_STORE_URL, PLAY_STORE_URL } from '@/pet-details/PetPage'
import { checkScreenWhenDone } from './axe'
import { api, db } from './mocks/db'
import { petsDb } from './mocks/handlers/pets'
import { server } from './mocks/server'
import petPageSource from '../../pet-details.html?raw'
import { withStorageKeys } from '../../build-plugins/storage-keys'
import { PERSIST_KEY } from '@/lib/storage-keys'

/** The pet page's own sources, by file name. */
const petSources = Object.fromEntries(
  Object.entries(import.meta.glob<string>('/src/pet-details/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).map(([path, text]) => [
    path.split('/').pop()!,
    text,
  ]),
)

/** pet-details.html as the build writes it (its storage keys in). */
const petPageHtml = withStorageKeys(petPageSource)

/** The public pet page: its own app, rendered as pet-details.html's entry does. */
function renderPet(petId: string | null) {
  const redirect = vi.fn()
  const view = render(<PetDetailsApp petId={petId} redirect={redirect} />)
  checkScreenWhenDone(() => 'pet-details.html')
  return { ...view, redirect, user: userEvent.setup() }
}

/** A seeded pet with some fields changed; its id. */
function petWith(changes: Partial<PetDetails>) {
  const pet = { ...petsDb()[0]!, _id: '5e7a9b1c-0000-4000-8000-00000000aaaa', ...changes }
  petsDb().push(pet)
  return pet._id
}

/** The value shown for a read-only field: the dd after its dt. */
const field = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

/** The pet is in: the title shows from the start, the fields once the answer came. */
const loaded = () => screen.findByRole('region', { name: 'Pet information' })
const section = (name: string) => screen.getByRole('region', { name })

describe('public pet details', () => {
  it('shows every field of a complete pet with its label', async () => {
    const bruno = petsDb()[0]!
    const owner = db.users[0]!
    const email = owner.email!
    renderPet(bruno._id)

    await loaded()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByRole('img', { name: 'Petcare' })).toHaveAttribute('src', '/images/logo.svg')
    // The cat images are decorative.
    const decorative = document.querySelectorAll('img[alt=""]')
    expect([...decorative].map((img) => img.getAttribute('src'))).toEqual(
      expect.arrayContaining(['/images/cat-sitting.svg', '/images/cat-peeking.svg', '/images/footer.svg']),
    )

    const info = section('Pet information')
    expect(field('Pet Name', info)).toBe('Bruno')
    expect(field('Age', info)).toBe('3 Years')
    expect(field('Species', info)).toBe('Dog')
    expect(field('Weight (kg)', info)).toBe('28.5')
    expect(field('Breed', info)).toBe('Labrador')
    expect(field('Size', info)).toBe('Large')
    expect(field('Gender', info)).toBe('Male')
    expect(field('Microchip', info)).toBe('985112004567891')
    expect(field('Date Of Birth', info)).toBe('2022-04-12')
    expect(field('Profile', info)).toBe('Public')

    expect(within(section('Color/Marking')).getByText('Golden coat with a white patch on the chest')).toBeInTheDocument()
    const vaccines = within(section('Vaccines')).getAllByRole('listitem')
    expect(vaccines.map((li) => li.textContent)).toEqual(['Rabies2024-03-10', 'DHPP2024-05-02'])
    expect(within(section('Medical History')).getByText('Hip dysplasia check in 2024; all clear.')).toBeInTheDocument()
    expect(within(section('Medications')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Carprofen 75 mg', 'Heartgard Plus'])

    const ownerSection = section('Owner Details')
    expect(field('Name', ownerSection)).toBe(owner.name)
    expect(field('Mobile Number', ownerSection)).toBe(`${owner.countryCode} ${owner.mobileNo}`)
    expect(within(ownerSection).getByRole('link', { name: `${owner.countryCode} ${owner.mobileNo}` })).toHaveAttribute(
      'href',
      `tel:${owner.countryCode}${owner.mobileNo}`,
    )
    expect(field('Email Id', ownerSection)).toBe(email)
    expect(within(ownerSection).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`)
    expect(field('Pet Kept Duration', ownerSection)).toBe('412 Days')

    const appStore = screen.getByRole('link', { name: /Download on the App Store/ })
    expect(appStore).toHaveAttribute('href', APP_STORE_URL)
    expect(appStore).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: /Get it on Google Play/ })).toHaveAttribute('href', PLAY_STORE_URL)
    await waitFor(() => expect(document.title).toBe('Pet Details: Bruno · Petcare'))
  })

  it('shows placeholders, Private, the months rule and no Medications for a sparse pet', async () => {
    const misty = petsDb()[1]!
    renderPet(misty._id)

    await loaded()
    expect(field('Age')).toBe('5 Months')
    expect(field('Weight (kg)')).toBe('--')
    expect(field('Breed')).toBe('--')
    expect(field('Size')).toBe('Small')
    expect(field('Gender')).toBe('Female')
    expect(field('Microchip')).toBe('--')
    expect(field('Date Of Birth')).toBe('--')
    expect(field('Profile')).toBe('Private')
    expect(field('Pet Kept Duration')).toBe('--')
    expect(within(section('Color/Marking')).getByText('--')).toBeInTheDocument()
    expect(within(section('Vaccines')).getByText('No vaccines recorded.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Medications' })).not.toBeInTheDocument()
    // No photo: the placeholder, not a viewer button.
    expect(screen.getByRole('img', { name: 'No photo of Misty' })).toHaveAttribute('src', '/images/placeholder.svg')
    expect(screen.queryByRole('button', { name: /media viewer/ })).not.toBeInTheDocument()
  })

  it.each([
    [{ size: 1, gender: 1 }, 'Small', 'Male'],
    [{ size: 2, gender: 2 }, 'Medium', 'Female'],
    [{ size: 3, gender: 3 }, 'Large', 'Other'],
    [{ size: 4, gender: 3 }, 'Extra-Large', 'Other'],
    [{ size: null, gender: null }, '--', '--'],
  ])('labels size and gender by their codes (%o)', async (changes, size, gender) => {
    renderPet(petWith(changes))
    await loaded()
    expect(field('Size')).toBe(size)
    expect(field('Gender')).toBe(gender)
  })

  it.each([
    [12, '12 Days'],
    [0, '0 Day'],
    [-3, '0 Day'],
    [null, '--'],
  ])('shows an owner duration of %s days as %s', async (days, shown) => {
    renderPet(petWith({ owner: { name: 'Ana', mobileNo: null, email: null, days } }))
    await loaded()
    expect(field('Pet Kept Duration')).toBe(shown)
    expect(field('Mobile Number')).toBe('--')
    expect(field('Email Id')).toBe('--')
  })

  it('reads Age, Pet Kept Duration and Profile by the rules of the public page', () => {
    expect(ageLabel(0.5)).toBe('5 Months')
    expect(ageLabel(0.04)).toBe('0 Months')
    expect(ageLabel(0.1)).toBe('1 Month')
    expect(ageLabel(3)).toBe('3 Years')
    expect(ageLabel(1)).toBe('1 Year')
    expect(ageLabel(null)).toBe('--')
    expect(ageLabel(Number.NaN)).toBe('--')
    expect(ownerDaysLabel(12)).toBe('12 Days')
    expect(ownerDaysLabel(0)).toBe('0 Day')
    expect(ownerDaysLabel(-3)).toBe('0 Day')
    expect(ownerDaysLabel(Number.NaN)).toBe('--')
    expect(ownerDaysLabel('12')).toBe('--')
    expect(ownerDaysLabel(undefined)).toBe('--')
  })

  it('shows a loader under the logo and title while the pet loads', async () => {
    server.use(
      http.get(api('/pet/petbyid'), async () => {
        await delay(100)
        return HttpResponse.json({ isSuccess: true, message: 'Pet fetched successfully', data: petsDb()[0] })
      }),
    )
    renderPet(petsDb()[0]!._id)
    expect(screen.getByRole('status')).toHaveTextContent('Loading pet details…')
    expect(screen.getByRole('heading', { level: 1, name: 'Pet Details' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Petcare' })).toBeInTheDocument()
    expect(await screen.findByText('985112004567891')).toBeInTheDocument()
    expect(screen.queryByText('Loading pet details…')).not.toBeInTheDocument()
  })

  it('paints, before its script runs, the very markup the app renders while loading', async () => {
    const html = petPageHtml
    const page = new DOMParser().parseFromString(html, 'text/html')
    const painted = page.getElementById('root')!
    server.use(http.get(api('/pet/petbyid'), () => new Promise<Response>(() => {})))
    const { container } = renderPet(petsDb()[0]!._id)
    // Same elements, attributes (in any order) and text.
    expect(container.firstElementChild!.isEqualNode(painted.firstElementChild), `${container.innerHTML}\n!=\n${painted.innerHTML}`).toBe(true)
  })

  it("starts the call and the first photo from the page's inline script, before the app loads", async () => {
    const html = petPageHtml
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!.replace("'__API_BASE__'", "'/api/v1'")
    const run = async (path: string) => {
      window.history.pushState(null, '', path)
      delete window.__petAnswer
      new Function(inline)()
      return window.__petAnswer && (await window.__petAnswer)
    }
    const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => l.getAttribute('href'))
    try {
      const found = await run(`/pet-details/${petsDb()[0]!._id}`)
      expect(resultOf(found!)).toMatchObject({ kind: 'found', pet: { name: 'Bruno' } })
      await waitFor(() => expect(preloads()).toEqual(['/uploads/pets/bruno-1.jpg']))

      const unknown = await run('/pet-details/5e7a9b1c-0000-4000-8000-0000000fffff')
      expect(resultOf(unknown!)).toEqual({ kind: 'not-found' })
      expect(await run('/pet-details/')).toBeUndefined()
      await new Promise((done) => setTimeout(done, 50))
      expect(preloads()).toHaveLength(1)

      // A photo that is an upload: the preload offers the copies the page's img does, with its sizes.
      document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove())
      const bruno = petsDb()[0]!
      bruno.profilePhotos = [{ url: 'https://files.example.com/profile/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.jpg' }]
      const answer = resultOf((await run(`/pet-details/${bruno._id}`))!)
      if (answer.kind !== 'found') throw new Error(`The pet was not found: ${answer.kind}`)
      await waitFor(() => expect(preloads()).toHaveLength(1))
      const link = document.head.querySelector('link[rel="preload"][as="image"]')!
      const [photo] = mediaOf(answer.pet)
      expect(photo!.srcSet).toContain('/resized/640/profile/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.jpg 640w')
      expect(link.getAttribute('imagesrcset')).toBe(photo!.srcSet)
      expect(link.getAttribute('imagesizes')).toBe(PHOTO_SIZES)

      server.use(http.get(api('/pet/petbyid'), () => HttpResponse.error()))
      expect(resultOf((await run(`/pet-details/${petsDb()[0]!._id}`))!)).toEqual({ kind: 'error' })
    } finally {
      document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove())
      delete window.__petAnswer
      window.history.pushState(null, '', '/')
    }
  })

  it('loads none of the admin app: its sources import only React, each other, plain contract constants, the stored-auth reader, the lazy-code loader and the date format', () => {
    const allowed = [/^\.\//, /^react$/, /^react-dom\/client$/, /^@contract\/(enums|limits|page-title|resized)$/, /^@\/lib\/(persisted-auth|lazy-component|file-src|format)$/]
    const lazyOnly = /^yet-another-react-lightbox(\/|$)/
    expect(Object.keys(petSources)).toContain('main.tsx')
    let checked = 0
    for (const [file, source] of Object.entries(petSources)) {
      for (const [, typeOnly, from] of source.matchAll(/^import (type )?[^'"]*?['"]([^'"]+)['"]/gm)) {
        checked++
        if (typeOnly && from === '@contract/pets') continue // types only: erased from the bundle
        const ok = allowed.some((pattern) => pattern.test(from!)) || (file === 'MediaViewer.tsx' && lazyOnly.test(from!))
        expect(ok, `${file} imports ${from}`).toBe(true)
      }
    }
    expect(checked).toBeGreaterThan(20)
    // The viewer is loaded on demand only.
    expect(petSources['PetPage.tsx']).toContain("lazyChunk(() => import('./MediaViewer')")
  })

  it('goes to /no-data-found without a petId, and makes no call', async () => {
    let calls = 0
    server.events.on('request:start', () => void calls++)
    const { redirect } = renderPet(null)
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/no-data-found'))
    expect(calls).toBe(0)
    expect(screen.queryByRole('region', { name: 'Pet information' })).not.toBeInTheDocument()
    server.events.removeAllListeners()
  })

  it('sends a visitor who holds a token to the dashboard, and makes no call', async () => {
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ auth: { accessToken: 'a-token' } }))
    let calls = 0
    server.events.on('request:start', () => void calls++)
    const { redirect } = renderPet(petsDb()[0]!._id)
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/dashboard'))
    expect(calls).toBe(0)
    server.events.removeAllListeners()
    localStorage.clear()
  })

  it('checks for a held token in its early script too, before the call', () => {
    const early = petPageHtml.slice(petPageHtml.indexOf('<script>'), petPageHtml.indexOf('fetch('))
    expect(early).toContain(`localStorage.getItem(${JSON.stringify(PERSIST_KEY)})`)
    expect(early).toContain("location.replace('/dashboard')")
  })

  it('goes to /no-data-found for an unknown id (404)', async () => {
    const { redirect } = renderPet('5e7a9b1c-0000-4000-8000-0000000fffff')
    expect(screen.getByRole('status')).toBeInTheDocument()
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/no-data-found'))
    expect(redirect).toHaveBeenCalledTimes(1)
  })

  it("goes to /no-data-found for a pet whose owner is blocked (the call answers 404, as for a missing pet)", async () => {
    const owner = db.users.find((u) => u.pets.some((p) => p._id === petsDb()[0]!._id))!
    owner.status = USER_STATUS.BLOCKED
    const { redirect } = renderPet(petsDb()[0]!._id)
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/no-data-found'))
    expect(screen.queryByText(owner.email!)).not.toBeInTheDocument()
  })

  it('goes to /no-data-found for an id that is not one (400)', async () => {
    const { redirect } = renderPet('not-a-uuid')
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/no-data-found'))
  })

  it.each([
    ['no data', { isSuccess: true, message: 'Pet fetched successfully' }],
    ['null data', { isSuccess: true, message: 'Pet fetched successfully', data: null }],
    ['an empty object', { isSuccess: true, message: 'Pet fetched successfully', data: {} }],
  ])('goes to /no-data-found for an empty answer (%s)', async (_, body) => {
    server.use(http.get(api('/pet/petbyid'), () => HttpResponse.json(body)))
    const { redirect } = renderPet(petsDb()[0]!._id)
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/no-data-found'))
  })

  it('offers to try again when the API does not answer, without leaving', async () => {
    let down = true
    server.use(http.get(api('/pet/petbyid'), () => (down ? HttpResponse.error() : undefined)))
    const { redirect, user } = renderPet(petsDb()[0]!._id)
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your internet connection.')
    expect(redirect).not.toHaveBeenCalled()

    down = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('985112004567891')).toBeInTheDocument()
  })

  it('calls the public API without a token', async () => {
    let authorization: string | null = 'unset'
    let url = ''
    server.events.on('request:start', ({ request }) => {
      authorization = request.headers.get('Authorization')
      url = request.url
    })
    const result = await loadPet(petsDb()[0]!._id)
    server.events.removeAllListeners()
    expect(result.kind).toBe('found')
    expect(authorization).toBeNull()
    expect(new URL(url).pathname).toBe('/api/v1/pet/petbyid')
    expect(new URL(url).searchParams.get('petId')).toBe(petsDb()[0]!._id)
  })

  it('reads the petId from /pet-details/<petId>', () => {
    expect(petIdFromPath('/pet-details/5e7a9b1c-0000-4000-8000-000000000001')).toBe('5e7a9b1c-0000-4000-8000-000000000001')
    expect(petIdFromPath('/pet-details/abc/')).toBe('abc')
    expect(petIdFromPath('/pet-details/')).toBeNull()
    expect(petIdFromPath('/pet-details')).toBeNull()
    expect(petIdFromPath('/pet-details/a/b')).toBeNull()
    expect(petIdFromPath('/pet-details/%E0%A4%A')).toBeNull()
  })

  it('keeps only well-typed fields of an answer', () => {
    const pet = toPet({ _id: 'x', name: 7, age: '3', species: { name: 'Dog' }, medications: [{ name: 'A' }, { nope: 1 }, 'B'], owner: { days: 'soon' } })
    expect(pet).toMatchObject({ name: '', age: null, species: { name: 'Dog' }, medications: [{ name: 'A' }], vaccines: [], owner: { days: null } })
    expect(toPet([])).toBeNull()
    expect(toPet({ name: 'No id' })).toBeNull()
  })
})

describe('the pet page’s photos stored as paths', () => {
  it('shows an upload stored as /uploads/<key> from the panel, with its resized copies', () => {
    const url = '/uploads/profile/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.jpg'
    const [photo] = mediaOf({ ...petsDb()[0]!, profilePhotos: [{ url }] })
    expect(photo!.src).toBe(url)
    expect(photo!.srcSet).toBe(
      [320, 640, 960, 1280].map((w) => `${location.origin}/resized/${w}/profile/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.jpg ${w}w`).join(', '),
    )
  })
})
