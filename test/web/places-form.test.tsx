import { act, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { IMAGE_EDIT_MSG, PLACES_MSG, type PlaceKind } from '@contract'
import { api, db, fail } from './mocks/db'
import { placesDb } from './mocks/handlers/places'
import { UPLOAD_URL } from './mocks/handlers/uploads'
import { captureBodies, holdUploadPosts, idempotencyKeysOf, UUID_V4 } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/**
 * /pet-shops/add, /pet-shops/edit/:id, /hospitals/add, /hospitals/edit/:id: one form for both
 * kinds. Here without a Google Maps key: the address is typed and
 * the coordinates entered by hand (the address search is in places-form-maps.test.tsx). What the
 * kind decides (wording, paths, messages) is checked on both; the rest once.
 */

type Kind = {
  kind: PlaceKind
  path: string
  singular: string
  list: string
  addTitle: string
  editTitle: string
  nameRequired: string
  addressRequired: string
}
const petShops: Kind = {
  kind: 'petShop',
  path: '/pet-shops',
  singular: 'pet-shop',
  list: 'Pet Shops',
  addTitle: 'Add Pet Shop',
  editTitle: 'Edit Pet Shop',
  nameRequired: 'Enter pet shop name',
  addressRequired: 'Please enter valid pet shop address',
}
const hospitals: Kind = {
  kind: 'hospital',
  path: '/hospitals',
  singular: 'hospital',
  list: 'Hospitals',
  addTitle: 'Add Hospital',
  editTitle: 'Edit Hospital',
  nameRequired: 'Enter hospitals name',
  addressRequired: 'Please enter valid hospitals address',
}

const LATITUDE_MSG = 'This address does not support Latitude please select any famous landmark'
const LONGITUDE_MSG = 'This address does not support Longitude please select any famous landmark'
const NO_KEY_NOTE = 'Address search is off because no Google Maps key is configured. Type the address and enter its latitude and longitude.'
const MB = 1024 * 1024
const image = (name: string, size = 2_000, type = 'image/png') => new File([new Uint8Array(size)], name, { type })

beforeEach(() => vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', ''))
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

async function openAdd(k: Kind, role: 'admin' | 'subAdmin' = 'admin') {
  const view = renderRoute(`${k.path}/add`, { signedInAs: role })
  await screen.findByRole('heading', { level: 1, name: k.addTitle })
  return view
}

async function openEdit(k: Kind, index: number, role: 'admin' | 'subAdmin' = 'admin') {
  // A copy: the mock server changes the stored place when it saves.
  const place = structuredClone(placesDb(k.kind)[index]!)
  const view = renderRoute(`${k.path}/edit/${place._id}`, { signedInAs: role })
  await screen.findByRole('heading', { level: 1, name: k.editTitle })
  return { ...view, place }
}

const input = (label: string) => screen.getByLabelText(label)
const submitButton = (name: string) => screen.getByRole('button', { name })
const imagesGroup = () => screen.getByRole('group', { name: 'Images' })
const logoGroup = () => screen.getByRole('group', { name: 'Logo' })
/** The error line of a field: the element its aria-describedby names last. */
const errorOf = (el: HTMLElement) => {
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').filter(Boolean).at(-1)
}

/** Fill every text field of the form with valid values (name padded: the form trims). */
async function fillText(user: ReturnType<typeof renderRoute>['user'], name = 'Happy Paws') {
  await user.type(input('Name'), `  ${name}  `)
  await user.type(input('Description'), 'Grooming, food and toys for every pet.')
  await user.type(input('Discount Title'), '10% off')
  await user.type(input('Address'), '12 Brigade Road, Bengaluru')
  await user.type(input('Latitude'), '12.9716')
  await user.type(input('Longitude'), '77.5946')
}

async function uploaded(group: () => HTMLElement, count: number) {
  await waitFor(() => expect(within(group()).getAllByRole('listitem')).toHaveLength(count))
  await waitFor(() => expect(within(group()).queryByRole('progressbar')).not.toBeInTheDocument())
}

describe.each([petShops, hospitals])('$list: the add form, its wording', (k) => {
  it(`says "${k.nameRequired}", "${k.addressRequired}", the coordinates and "At least one image is required" when sent empty`, async () => {
    const { user } = await openAdd(k)
    await user.click(submitButton(k.addTitle))
    expect(await screen.findByText(k.nameRequired)).toBeInTheDocument()
    expect(errorOf(input('Name'))).toBe(k.nameRequired)
    expect(errorOf(input('Description'))).toBe('Enter the required field')
    expect(errorOf(input('Address'))).toBe(k.addressRequired)
    expect(errorOf(input('Latitude'))).toBe(LATITUDE_MSG)
    expect(errorOf(input('Longitude'))).toBe(LONGITUDE_MSG)
    expect(within(imagesGroup()).getByText('At least one image is required')).toBeInTheDocument()
    // Optional fields say nothing when empty.
    expect(errorOf(input('Discount Title'))).toBe('Optional')
    expect(errorOf(input('Discount Description'))).toBe('Optional')
  })

  it('counts a name of spaces as empty, since every field is trimmed first', async () => {
    const { user } = await openAdd(k)
    await user.type(input('Name'), '   ')
    await user.tab()
    expect(errorOf(input('Name'))).toBe(k.nameRequired)
  })

  it('adds the place: the server message, then its details page', async () => {
    const { user, router } = await openAdd(k)
    const bodies = captureBodies('POST', `/place/${k.singular}`, { below: true })
    const keys = idempotencyKeysOf(`/place/${k.singular}`)
    await fillText(user, 'Care Point')
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('front.png'))
    await uploaded(imagesGroup, 1)
    await user.click(submitButton(k.addTitle))
    expect(await screen.findByText(PLACES_MSG[k.kind].created)).toBeInTheDocument()
    const created = placesDb(k.kind)[0]!
    await waitFor(() => expect(router.state.location.pathname).toBe(`${k.path}/details/${created._id}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Care Point' })).toBeInTheDocument()
    expect(bodies).toHaveLength(1)
    expect(keys).toEqual([expect.stringMatching(UUID_V4)]) // the server creates it once, whatever the retries
  })
})

describe('the add form: the validation table', () => {
  it('shows a field’s message only once it was touched, not while the others are untouched', async () => {
    const { user } = await openAdd(petShops)
    await user.type(input('Name'), 'a')
    await user.tab()
    expect(errorOf(input('Name'))).toBe('Should be minimum of 2 characters')
    expect(errorOf(input('Description'))).toBeUndefined()
    expect(screen.queryByText('Please enter valid pet shop address')).not.toBeInTheDocument()
  })

  for (const { label, value, what, message } of [
    { label: 'Name', value: 'a', what: 'a 1-character', message: 'Should be minimum of 2 characters' },
    { label: 'Name', value: 'n'.repeat(101), what: 'a 101-character', message: 'Should be maximum of 100 characters' },
    { label: 'Description', value: 'd', what: 'a 1-character', message: 'Should be minimum of 2 characters' },
    { label: 'Description', value: 'd'.repeat(501), what: 'a 501-character', message: 'Should be maximum of 500 characters' },
    { label: 'Address', value: 'a', what: 'a 1-character', message: 'Should be minimum of 2 characters' },
    { label: 'Address', value: 'a'.repeat(501), what: 'a 501-character', message: 'Should be maximum of 500 characters' },
    { label: 'Discount Title', value: 'x', what: 'a 1-character', message: 'Should be minimum of 2 characters' },
    { label: 'Discount Title', value: 'x'.repeat(101), what: 'a 101-character', message: 'Should be maximum of 100 characters' },
    { label: 'Discount Description', value: 'x', what: 'a 1-character', message: 'Should be minimum of 2 characters' },
    { label: 'Discount Description', value: 'x'.repeat(101), what: 'a 101-character', message: 'Should be maximum of 100 characters' },
  ]) {
    it(`says "${message}" for ${what} ${label}`, async () => {
      const { user } = await openAdd(petShops)
      await user.click(input(label))
      await user.paste(value)
      await user.tab()
      expect(errorOf(input(label))).toBe(message)
    })
  }

  it('takes the longest allowed values without a word', async () => {
    const { user } = await openAdd(petShops)
    for (const [label, length] of [
      ['Name', 100],
      ['Description', 500],
      ['Address', 500],
      ['Discount Title', 100],
      ['Discount Description', 100],
    ] as const) {
      await user.click(input(label))
      await user.paste('x'.repeat(length))
      await user.tab()
    }
    for (const label of ['Name', 'Description', 'Address']) expect(input(label)).not.toHaveAttribute('aria-invalid')
  })

  it('says the latitude and longitude messages for missing or impossible coordinates, and accepts real ones', async () => {
    const { user } = await openAdd(petShops)
    await user.click(input('Latitude'))
    await user.tab()
    await user.tab()
    expect(errorOf(input('Latitude'))).toBe(LATITUDE_MSG)
    expect(errorOf(input('Longitude'))).toBe(LONGITUDE_MSG)
    await user.type(input('Latitude'), '91')
    await user.type(input('Longitude'), '-181')
    expect(errorOf(input('Latitude'))).toBe(LATITUDE_MSG)
    expect(errorOf(input('Longitude'))).toBe(LONGITUDE_MSG)
    await user.clear(input('Latitude'))
    await user.type(input('Latitude'), '-33.8688')
    await user.clear(input('Longitude'))
    await user.type(input('Longitude'), '151.2093')
    expect(input('Latitude')).not.toHaveAttribute('aria-invalid')
    expect(input('Longitude')).not.toHaveAttribute('aria-invalid')
  })

  it('refuses an image over 5 MB with "Selected image exceeded 5MB and was not added." and uploads nothing', async () => {
    const { user } = await openAdd(petShops)
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('huge.png', 5 * MB + 1))
    expect(await within(imagesGroup()).findByRole('alert')).toHaveTextContent('Selected image exceeded 5MB and was not added.')
    expect(within(imagesGroup()).queryAllByRole('listitem')).toHaveLength(0)
    expect(db.uploads.signings).toHaveLength(0)
  })

  it('refuses a logo over 5 MB the same way', async () => {
    const { user } = await openAdd(petShops)
    await user.upload(within(logoGroup()).getByLabelText('Add logo'), image('logo.png', 5 * MB + 1))
    expect(await within(logoGroup()).findByRole('alert')).toHaveTextContent('Selected image exceeded 5MB and was not added.')
  })

  it('advises a 1:1 aspect ratio for the images', async () => {
    await openAdd(petShops)
    expect(within(imagesGroup()).getByText(/A 1:1 \(square\) aspect ratio is advised\./)).toBeInTheDocument()
  })
})

describe('the add form: sending', () => {
  it('uploads the images and the logo, then posts exactly the form’s values, trimmed', async () => {
    const { user } = await openAdd(petShops)
    const bodies = captureBodies('POST', `/place/${petShops.singular}`, { below: true })
    await fillText(user)
    await user.type(input('Discount Description'), '  On the first visit ')
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), [image('front.png'), image('inside.jpg', 2_000, 'image/jpeg')])
    await uploaded(imagesGroup, 2)
    await user.upload(within(logoGroup()).getByLabelText('Add logo'), image('logo.webp', 1_000, 'image/webp'))
    await uploaded(logoGroup, 1)
    await user.click(submitButton('Add Pet Shop'))
    expect(await screen.findByText('Pet shop added successfully')).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        name: 'Happy Paws',
        description: 'Grooming, food and toys for every pet.',
        discount_title: '10% off',
        discount_description: 'On the first visit',
        address: '12 Brigade Road, Bengaluru',
        latitude: 12.9716,
        longitude: 77.5946,
        images: [`${UPLOAD_URL}place/1.png`, `${UPLOAD_URL}place/2.jpg`],
        logo: `${UPLOAD_URL}place/3.webp`,
      },
    ])
    expect(db.uploads.signings.map((s) => s.map((f) => f.folderType))).toEqual([['place', 'place'], ['place']])
  })

  it('sends no logo when none was chosen', async () => {
    const { user } = await openAdd(petShops)
    const bodies = captureBodies('POST', `/place/${petShops.singular}`, { below: true })
    await fillText(user)
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('front.png'))
    await uploaded(imagesGroup, 1)
    await user.click(submitButton('Add Pet Shop'))
    await screen.findByText('Pet shop added successfully')
    expect(bodies[0]).not.toHaveProperty('logo')
    expect(bodies[0]).toMatchObject({ discount_description: '', images: [`${UPLOAD_URL}place/1.png`] })
  })

  it('keeps Add disabled while an image uploads, saying so, and enables it once stored', async () => {
    const posts = holdUploadPosts()
    const { user } = await openAdd(petShops)
    await fillText(user)
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('front.png'))
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(submitButton('Add Pet Shop')).toBeDisabled()
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Uploading images…')
    expect(within(imagesGroup()).getByText('Please wait until every image has finished uploading.')).toBeInTheDocument()
    act(() => posts[0]!.respond(204))
    await waitFor(() => expect(submitButton('Add Pet Shop')).toBeEnabled())
  })

  it('will not send a failed upload: it says to retry or remove it', async () => {
    server.use(http.post('*/uploads/', () => fail('FORBIDDEN', 'The upload link has expired. Please request a new one.')))
    const { user } = await openAdd(petShops)
    const bodies = captureBodies('POST', `/place/${petShops.singular}`, { below: true })
    await fillText(user)
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('front.png'))
    expect(await within(imagesGroup()).findByRole('button', { name: 'Retry Image 1' })).toBeInTheDocument()
    await user.click(submitButton('Add Pet Shop'))
    expect(await within(imagesGroup()).findByText('Some images failed to upload. Retry or remove them.')).toBeInTheDocument()
    expect(bodies).toHaveLength(0)
  })

  it('puts a server field error under its field: "images.0" under Images', async () => {
    server.use(
      http.post(api('/place/pet-shop'), () =>
        fail('BAD_REQUEST', IMAGE_EDIT_MSG.notOurs, { 'images.0': IMAGE_EDIT_MSG.notOurs }),
      ),
    )
    const { user, router } = await openAdd(petShops)
    await fillText(user)
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('front.png'))
    await uploaded(imagesGroup, 1)
    await user.click(submitButton('Add Pet Shop'))
    expect(await within(imagesGroup()).findByText(IMAGE_EDIT_MSG.notOurs)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/pet-shops/add')
    // The client's toast says it too.
    expect(screen.getAllByText(IMAGE_EDIT_MSG.notOurs).length).toBeGreaterThanOrEqual(2)
  })

  it('moves the focus to the next field on Enter, and sends from the last one', async () => {
    const { user } = await openAdd(petShops)
    await user.click(input('Name'))
    await user.keyboard('Happy Paws{Enter}')
    expect(input('Description')).toHaveFocus()
    // Enter inside the description makes a new line.
    await user.keyboard('Line one{Enter}line two')
    expect(input('Description')).toHaveFocus()
    expect(input('Description')).toHaveValue('Line one\nline two')
    await user.click(input('Discount Title'))
    await user.keyboard('{Enter}')
    expect(input('Discount Description')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(input('Address')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(input('Latitude')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(input('Longitude')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await within(imagesGroup()).findByText('At least one image is required')).toBeInTheDocument()
  })
})

describe('the add form without a Google Maps key', () => {
  it('says the address search is off and offers Latitude and Longitude inputs, empty rather than -1', async () => {
    await openAdd(petShops)
    expect(screen.getByText(NO_KEY_NOTE)).toBeInTheDocument()
    expect(errorOf(input('Address'))).toBe(NO_KEY_NOTE)
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(input('Latitude')).toHaveAttribute('type', 'number')
    expect(input('Latitude')).toHaveValue(null)
    expect(input('Longitude')).toHaveValue(null)
  })
})

describe('the edit form', () => {
  it('shows the place’s values, its images and logo, and the trail list > name > Edit', async () => {
    const { place } = await openEdit(petShops, 0)
    expect(input('Name')).toHaveValue(place.name)
    expect(input('Description')).toHaveValue(place.description)
    expect(input('Discount Title')).toHaveValue(place.discount_title)
    expect(input('Address')).toHaveValue(place.address)
    expect(input('Latitude')).toHaveValue(place.latitude)
    expect(input('Longitude')).toHaveValue(place.longitude)
    expect(within(imagesGroup()).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(place.images)
    expect(within(logoGroup()).getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', place.logo)
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Pet Shops', place.name, 'Edit'])
    expect(within(trail).getByRole('link', { name: place.name })).toHaveAttribute('href', `/pet-shops/details/${place._id}`)
  })

  it('keeps the previous images unless removed: previousImages are the kept ones, images the new uploads', async () => {
    const { user, place, router } = await openEdit(petShops, 0)
    const bodies = captureBodies('PUT', `/place/${petShops.singular}`, { below: true })
    await user.click(within(imagesGroup()).getByRole('button', { name: 'Remove Image 2' }))
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('new.png'))
    await uploaded(imagesGroup, 3)
    await user.clear(input('Name'))
    await user.type(input('Name'), 'Happy Paws Deluxe')
    await user.click(submitButton('Save Changes'))
    expect(await screen.findByText('Pet shop updated successfully')).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        name: 'Happy Paws Deluxe',
        description: place.description,
        discount_title: place.discount_title,
        discount_description: place.discount_description,
        address: place.address,
        latitude: place.latitude,
        longitude: place.longitude,
        previousImages: [place.images[0], place.images[2]],
        images: [`${UPLOAD_URL}place/1.png`],
        // The version the form was loaded from (contract/versions.ts).
        version: place.version,
      },
    ])
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pet-shops/details/${place._id}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Happy Paws Deluxe' })).toBeInTheDocument()
    expect(placesDb('petShop')[0]!.images).toEqual([place.images[0], place.images[2], `${UPLOAD_URL}place/1.png`])
  })

  it('sends every previous image and no new one when the images were left alone', async () => {
    const { user, place } = await openEdit(hospitals, 0)
    const bodies = captureBodies('PUT', `/place/${hospitals.singular}`, { below: true })
    await user.click(submitButton('Save Changes'))
    expect(await screen.findByText('Hospital updated successfully')).toBeInTheDocument()
    expect(bodies[0]).toMatchObject({ previousImages: place.images, images: [] })
    expect(bodies[0]).not.toHaveProperty('logo')
  })

  it('sends logo null when the logo was removed, and the new url when replaced', async () => {
    const { user } = await openEdit(petShops, 2)
    const bodies = captureBodies('PUT', `/place/${petShops.singular}`, { below: true })
    await user.click(within(logoGroup()).getByRole('button', { name: 'Remove Image 1' }))
    await user.click(submitButton('Save Changes'))
    await screen.findByText('Pet shop updated successfully')
    expect(bodies[0]).toMatchObject({ logo: null })
    expect(placesDb('petShop')[2]!.logo).toBeNull()
  })

  it('asks for no image on edit: a hospital without images saves once its coordinates are entered', async () => {
    const { user, place } = await openEdit(hospitals, 1)
    const bodies = captureBodies('PUT', `/place/${hospitals.singular}`, { below: true })
    expect(input('Latitude')).toHaveValue(null)
    await user.click(submitButton('Save Changes'))
    expect(await screen.findByText(LATITUDE_MSG)).toBeInTheDocument()
    expect(within(imagesGroup()).queryByText('At least one image is required')).not.toBeInTheDocument()
    await user.type(input('Latitude'), '13.01')
    await user.type(input('Longitude'), '77.61')
    await user.click(submitButton('Save Changes'))
    expect(await screen.findByText('Hospital updated successfully')).toBeInTheDocument()
    expect(bodies[0]).toMatchObject({ previousImages: [], images: [], latitude: 13.01, longitude: 77.61, discount_title: '' })
    expect(placesDb('hospital').find((p) => p._id === place._id)!.latitude).toBe(13.01)
  })

  it('says the place was not found for an unknown id, with the trail ending in Edit', async () => {
    renderRoute('/pet-shops/edit/00000000-0000-4000-8000-000000000000', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: 'Pet shop not found' })).toBeInTheDocument()
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Pet Shops', 'Edit'])
  })
})

describe('leaving with unsaved changes', () => {
  const dialog = () => screen.findByRole('dialog', { name: 'Discard changes?' })

  it('asks "Discard changes?" when leaving after typing; Stay keeps the page and what was typed', async () => {
    const { user, router } = await openAdd(petShops)
    await user.type(input('Name'), 'Happy')
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    const question = await dialog()
    expect(question).toHaveTextContent('You have unsaved changes. Leave this page and lose them?')
    expect(within(question).getByRole('button', { name: 'Stay' })).toHaveFocus()
    await user.click(within(question).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/pet-shops/add')
    expect(input('Name')).toHaveValue('Happy')
  })

  it('leaves on Leave', async () => {
    const { user, router } = await openEdit(petShops, 0)
    await user.type(input('Description'), ' More.')
    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Pet Shops' }))
    await user.click(within(await dialog()).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/pet-shops'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Pet Shops' })).toBeInTheDocument()
  })

  it('asks nothing after typing and undoing it, since the values are the first ones again', async () => {
    const { user, router } = await openAdd(petShops)
    await user.type(input('Name'), 'Hi')
    await user.type(input('Latitude'), '12')
    await user.clear(input('Name'))
    await user.clear(input('Latitude'))
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/pet-shops'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('asks when a previous image was removed', async () => {
    const { user } = await openEdit(petShops, 0)
    await user.click(within(imagesGroup()).getByRole('button', { name: 'Remove Image 1' }))
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    expect(await dialog()).toBeInTheDocument()
  })

  it('asks nothing after a successful save', async () => {
    const { user, router, place } = await openEdit(petShops, 0)
    await user.type(input('Name'), ' Two')
    await user.click(submitButton('Save Changes'))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pet-shops/details/${place._id}`))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('both roles add and edit places', () => {
  it('shows a sub admin "Add Pet Shop" on the list and "Edit" on each row, and they open the forms', async () => {
    const { user, router } = renderRoute('/pet-shops', { signedInAs: 'subAdmin' })
    const first = placesDb('petShop')[0]!
    await screen.findByRole('cell', { name: first.name })
    await user.click(screen.getByRole('link', { name: 'Edit ' + first.name }))
    await screen.findByRole('heading', { level: 1, name: 'Edit Pet Shop' })
    expect(router.state.location.pathname).toBe(`/pet-shops/edit/${first._id}`)
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    await user.click(await screen.findByRole('link', { name: 'Edit' }))
    await screen.findByRole('heading', { level: 1, name: 'Edit Pet Shop' })
    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Pet Shops' }))
    await user.click(await screen.findByRole('link', { name: 'Add Pet Shop' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Pet Shop' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/pet-shops/add')
  })

  it('lets a sub admin add a hospital', async () => {
    const { user } = await openAdd(hospitals, 'subAdmin')
    await fillText(user, 'City Vet')
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('front.png'))
    await uploaded(imagesGroup, 1)
    await user.click(submitButton('Add Hospital'))
    expect(await screen.findByText('Hospital added successfully')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'City Vet' })).toBeInTheDocument()
  })

  it('lets a sub admin edit a pet shop', async () => {
    const { user } = await openEdit(petShops, 0, 'subAdmin')
    await user.clear(input('Discount Title'))
    await user.click(submitButton('Save Changes'))
    expect(await screen.findByText('Pet shop updated successfully')).toBeInTheDocument()
    expect(placesDb('petShop')[0]!.discount_title).toBeNull()
  })
})
