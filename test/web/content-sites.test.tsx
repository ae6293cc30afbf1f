import { act, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { API_MSG, CITY_MSG, PLACE_STATUS, SITE_MSG } from '@contract'
import { api, db, fail } from './mocks/db'
import { UPLOAD_URL } from './mocks/handlers/uploads'
import { captureBodies, gate, holdUploadPosts, idempotencyKeysOf, requestsSent, trackRequests, UUID_V4 } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/**
 * A city's page (/cities/:cityId: its sites), a site's details (/sites/site-details/:siteId) and
 * the site form (/sites/add-site?cityId=, /sites/site?siteId=): docs/DECISIONS.md, Content, and
 * the product's site upload text. Without a Google Maps key: the address is typed and the
 * coordinates entered by hand.
 */

const LATITUDE_MSG = 'This address does not support Latitude please select any famous landmark'
const LONGITUDE_MSG = 'This address does not support Longitude please select any famous landmark'
const MB = 1024 * 1024
const image = (name: string, size = 2_000, type = 'image/png') => new File([new Uint8Array(size)], name, { type })

const bengaluru = () => db.cities[0]!
const cubbonPark = () => db.sites[0]!
const ulsoorLake = () => db.sites[2]!

beforeEach(() => vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', ''))
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

const sitesTable = () => screen.getByRole('table', { name: 'Sites' })
const rowOf = (name: string) => within(sitesTable()).getByRole('cell', { name }).closest('tr')!
const switchOf = (name: string) => within(rowOf(name)).getByRole('switch', { name: `Active: ${name}` })
const column = (index: number) =>
  within(sitesTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index + 1]?.textContent)
const trailOf = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

async function openCity(role: 'admin' | 'subAdmin' = 'admin', city = bengaluru()) {
  const view = renderRoute(`/cities/${city._id}`, { signedInAs: role })
  await screen.findByRole('heading', { level: 1, name: city.name })
  await within(sitesTable()).findAllByRole('switch')
  return view
}

describe('a city’s page', () => {
  it('heads the page with the city’s name, under Content > city, and lists its sites', async () => {
    await openCity()
    expect(trailOf()).toEqual(['Content', 'Bengaluru'])
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Content' })).toHaveAttribute(
      'href',
      '/content-management',
    )
    expect(screen.getByText('3 sites')).toBeInTheDocument()
    expect(within(sitesTable()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the page's checkbox (bulk actions)
      'Name',
      'Address',
      'Status',
      'Created At',
      'Actions',
    ])
    expect(column(0)).toEqual(['Cubbon Park', 'Lalbagh Botanical Garden', 'Ulsoor Lake'])
    expect(column(2)).toEqual(['Active', 'Active', 'Inactive'])
    expect(within(rowOf('Cubbon Park')).getByRole('link', { name: 'View Cubbon Park' })).toHaveAttribute(
      'href',
      `/sites/site-details/${cubbonPark()._id}`,
    )
    expect(within(rowOf('Cubbon Park')).getByRole('link', { name: 'Edit Cubbon Park' })).toHaveAttribute(
      'href',
      `/sites/site?siteId=${cubbonPark()._id}`,
    )
    expect(screen.getByRole('link', { name: 'Add Site' })).toHaveAttribute('href', `/sites/add-site?cityId=${bengaluru()._id}`)
  })

  it('asks only for this city’s sites', async () => {
    const requests = trackRequests('/admin/site/list')
    await openCity()
    expect(requests[0]!.get('cityId')).toBe(bengaluru()._id)
  })

  it('shows "No Sites Found !!!" for a city without sites', async () => {
    const pune = db.cities[2]!
    renderRoute(`/cities/${pune._id}`, { signedInAs: 'admin' })
    expect(await screen.findByText('No Sites Found !!!')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Pune' })).toBeInTheDocument()
  })

  it('filters by status and searches, keeping both in the address', async () => {
    const { user, router } = await openCity()
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const choices = await screen.findByRole('group', { name: 'Status' })
    expect(within(choices).getAllByRole('radio').map((o) => o.closest('label')?.textContent)).toEqual(['All', 'Active', 'Inactive'])
    await user.click(within(choices).getByRole('radio', { name: 'Inactive' }))
    await waitFor(() => expect(column(0)).toEqual(['Ulsoor Lake']))
    expect(router.state.location.search).toEqual({ filter: 2 })
    // The panel stays open for the next choice.
    await user.click(within(await screen.findByRole('group', { name: 'Status' })).getByRole('radio', { name: 'All' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'mavalli{Enter}')
    await waitFor(() => expect(column(0)).toEqual(['Lalbagh Botanical Garden']))
    expect(router.state.location.search).toEqual({ search: 'mavalli' })
  })

  it('says the city was not found for an unknown id', async () => {
    renderRoute('/cities/00000000-0000-4000-8000-000000000000', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: CITY_MSG.notFound })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Content' })).toHaveAttribute('href', '/content-management')
  })
})

describe('a site’s status switch', () => {
  it('turns a site Inactive at once, sends an empty PATCH and shows the server message', async () => {
    const { user } = await openCity('subAdmin')
    const seen = requestsSent('PATCH')
    const held = gate()
    server.use(http.patch(api('/admin/site/status/:id'), () => held.wait()))
    await user.click(switchOf('Cubbon Park'))
    // Before the server has answered.
    expect(switchOf('Cubbon Park')).not.toBeChecked()
    expect(within(rowOf('Cubbon Park')).getByText('Inactive')).toBeInTheDocument()
    held.open()
    expect(await screen.findByText(SITE_MSG.statusUpdated)).toBeInTheDocument()
    expect(cubbonPark().status).toBe(PLACE_STATUS.DEACTIVE)
    expect(new URL(seen[0]!.url).pathname).toBe(`/api/v1/admin/site/status/${cubbonPark()._id}`)
    expect(await seen[0]!.text()).toBe('{}')
  })

  it('puts the status back and shows the server message when the change fails with a 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = await openCity()
    const held = gate()
    server.use(
      http.patch(api('/admin/site/status/:id'), async () => {
        await held.wait()
        return fail('INTERNAL', 'The status could not be changed. Please try again.')
      }),
    )
    await user.click(switchOf('Ulsoor Lake'))
    expect(switchOf('Ulsoor Lake')).toBeChecked()
    expect(within(rowOf('Ulsoor Lake')).getByText('Active')).toBeInTheDocument()
    held.open()
    expect(await screen.findByText('The status could not be changed. Please try again.')).toBeInTheDocument()
    await waitFor(() => expect(switchOf('Ulsoor Lake')).not.toBeChecked())
    expect(within(rowOf('Ulsoor Lake')).getByText('Inactive')).toBeInTheDocument()
    expect(ulsoorLake().status).toBe(PLACE_STATUS.DEACTIVE)
  })
})

describe('deleting a site', () => {
  it('deletes after confirming: the server message shows, the row is gone and the count follows', async () => {
    const { user } = await openCity()
    const site = ulsoorLake()
    await user.click(within(rowOf('Ulsoor Lake')).getByRole('button', { name: 'Delete Ulsoor Lake' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete site?' })
    expect(dialog).toHaveTextContent('Ulsoor Lake moves to the trash. Undo, or Settings > Trash within 30 days, brings it back.')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(SITE_MSG.deleted)).toBeInTheDocument()
    await waitFor(() => expect(column(0)).toEqual(['Cubbon Park', 'Lalbagh Botanical Garden']))
    expect(db.sites.some((s) => s._id === site._id)).toBe(false)
    expect(await screen.findByText('2 sites')).toBeInTheDocument()
  })

  it('shows a sub admin no Delete buttons, only view, edit and the status switches', async () => {
    await openCity('subAdmin')
    expect(within(sitesTable()).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
    expect(within(sitesTable()).getAllByRole('switch')).toHaveLength(3)
    expect(within(sitesTable()).getAllByRole('link', { name: /^Edit / })).toHaveLength(3)
  })

  it('keeps the row and shows the server message once when the server refuses (403)', async () => {
    server.use(http.delete(api('/admin/site/:id'), () => fail('FORBIDDEN', API_MSG.forbidden)))
    const { user } = await openCity()
    await user.click(within(rowOf('Cubbon Park')).getByRole('button', { name: 'Delete Cubbon Park' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findAllByText(API_MSG.forbidden)).toHaveLength(1)
    expect(rowOf('Cubbon Park')).toBeInTheDocument()
  })
})

describe('a site’s details', () => {
  async function openDetails(role: 'admin' | 'subAdmin' = 'admin', site = cubbonPark()) {
    const view = renderRoute(`/sites/site-details/${site._id}`, { signedInAs: role })
    await screen.findByRole('heading', { level: 1, name: site.name })
    return view
  }

  it('reads Content > city > site in its trail, each earlier one a link', async () => {
    await openDetails()
    expect(trailOf()).toEqual(['Content', 'Bengaluru', 'Cubbon Park'])
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getByRole('link', { name: 'Content' })).toHaveAttribute('href', '/content-management')
    expect(within(trail).getByRole('link', { name: 'Bengaluru' })).toHaveAttribute('href', `/cities/${bengaluru()._id}`)
    expect(within(trail).getByText('Cubbon Park')).toHaveAttribute('aria-current', 'page')
  })

  it('shows the site’s fields and its images as a gallery named Image 1, Image 2...', async () => {
    await openDetails()
    const site = cubbonPark()
    const details = screen.getByRole('region', { name: 'Details' })
    expect(details).toHaveTextContent(site.description)
    expect(details).toHaveTextContent(site.address)
    expect(details).toHaveTextContent(String(site.latitude))
    const images = within(screen.getByRole('region', { name: 'Images' })).getAllByRole('img')
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Image 1', 'Image 2', 'Image 3'])
    expect(images.map((img) => img.getAttribute('src'))).toEqual(site.images)
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/sites/site?siteId=${site._id}`)
  })

  it('toggles the status from the details', async () => {
    const { user } = await openDetails()
    await user.click(screen.getByRole('switch', { name: 'Active' }))
    expect(await screen.findByText(SITE_MSG.statusUpdated)).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked()
    expect(cubbonPark().status).toBe(PLACE_STATUS.DEACTIVE)
  })

  it('deletes for an admin after confirming, then shows the city', async () => {
    const { user, router } = await openDetails('admin', ulsoorLake())
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete site?' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(SITE_MSG.deleted)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cities/${bengaluru()._id}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Bengaluru' })).toBeInTheDocument()
  })

  it('offers a sub admin no Delete', async () => {
    await openDetails('subAdmin')
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument()
  })

  it('says the site was not found for an unknown id', async () => {
    renderRoute('/sites/site-details/00000000-0000-4000-8000-000000000000', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: SITE_MSG.notFound })).toBeInTheDocument()
  })
})

describe('the site form', () => {
  const input = (label: string) => screen.getByLabelText(label)
  const imagesGroup = () => screen.getByRole('group', { name: 'Images' })
  const errorOf = (el: HTMLElement) => {
    const ids = el.getAttribute('aria-describedby')?.split(' ') ?? []
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').filter(Boolean).at(-1)
  }
  async function uploaded(count: number) {
    await waitFor(() => expect(within(imagesGroup()).getAllByRole('listitem')).toHaveLength(count))
    await waitFor(() => expect(within(imagesGroup()).queryByRole('progressbar')).not.toBeInTheDocument())
  }
  async function openAdd(role: 'admin' | 'subAdmin' = 'admin') {
    const view = renderRoute(`/sites/add-site?cityId=${bengaluru()._id}`, { signedInAs: role })
    await screen.findByRole('heading', { level: 1, name: 'Add Site' })
    return view
  }

  it('reads Content > city > Add Site and names the city', async () => {
    await openAdd()
    expect(trailOf()).toEqual(['Content', 'Bengaluru', 'Add Site'])
    expect(screen.getByText('City: Bengaluru')).toBeInTheDocument()
  })

  it('says each field’s message when sent empty', async () => {
    const { user } = await openAdd()
    const bodies = captureBodies('POST', '/admin/site', { below: true })
    await user.click(screen.getByRole('button', { name: 'Add Site' }))
    expect(await screen.findByText('Enter site name')).toBeInTheDocument()
    expect(errorOf(input('Name'))).toBe('Enter site name')
    expect(errorOf(input('Description'))).toBe('Enter the required field')
    expect(errorOf(input('Address'))).toBe('Please enter valid site address')
    expect(errorOf(input('Latitude'))).toBe(LATITUDE_MSG)
    expect(errorOf(input('Longitude'))).toBe(LONGITUDE_MSG)
    expect(within(imagesGroup()).getByText('At least one image is required')).toBeInTheDocument()
    expect(bodies).toHaveLength(0)
  })

  for (const { label, value, message } of [
    { label: 'Name', value: 'a', message: 'Should be minimum of 2 characters' },
    { label: 'Name', value: 'n'.repeat(101), message: 'Should be maximum of 100 characters' },
    { label: 'Description', value: 'd'.repeat(501), message: 'Should be maximum of 500 characters' },
    { label: 'Address', value: 'a', message: 'Should be minimum of 2 characters' },
  ]) {
    it(`says "${message}" for a ${value.length}-character ${label}`, async () => {
      const { user } = await openAdd()
      await user.click(input(label))
      await user.paste(value)
      await user.tab()
      expect(errorOf(input(label))).toBe(message)
    })
  }

  it('tells the site upload text: JPG/JPEG/PNG/WEBP up to 20 MB', async () => {
    await openAdd()
    expect(within(imagesGroup()).getByText(/JPG\/JPEG\/PNG\/WEBP up to 20 MB/)).toBeInTheDocument()
    expect(within(imagesGroup()).getByLabelText('Add images')).toHaveAttribute('accept', '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp')
  })

  it(`refuses an image over 20 MB with "${SITE_MSG.imagePicker}" and uploads nothing`, async () => {
    const { user } = await openAdd()
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('huge.png', 20 * MB + 1))
    expect(await within(imagesGroup()).findByRole('alert')).toHaveTextContent(SITE_MSG.imagePicker)
    expect(within(imagesGroup()).queryAllByRole('listitem')).toHaveLength(0)
    expect(db.uploads.signings).toHaveLength(0)
  })

  it('takes an image over the places’ 5 MB, uploading it to the site folder', async () => {
    const { user } = await openAdd()
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('wide.jpg', 6 * MB, 'image/jpeg'))
    await uploaded(1)
    expect(within(imagesGroup()).queryByRole('alert')).toBeEmptyDOMElement()
    expect(db.uploads.signings.map((s) => s.map((f) => f.folderType))).toEqual([['site']])
  })

  it('keeps Add Site disabled while an image uploads', async () => {
    const posts = holdUploadPosts()
    const { user } = await openAdd()
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('front.png'))
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(screen.getByRole('button', { name: 'Add Site' })).toBeDisabled()
    act(() => posts[0]!.respond(204))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Site' })).toBeEnabled())
  })

  it('adds the site to the city: the server message, then its details', async () => {
    const { user, router } = await openAdd('subAdmin')
    const bodies = captureBodies('POST', '/admin/site', { below: true })
    const keys = idempotencyKeysOf('/admin/site')
    await user.type(input('Name'), '  Bannerghatta Park  ')
    await user.type(input('Description'), 'Trails for dogs.')
    await user.type(input('Address'), 'Bannerghatta Road, Bengaluru')
    await user.type(input('Latitude'), '12.8')
    await user.type(input('Longitude'), '77.57')
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('gate.png'))
    await uploaded(1)
    await user.click(screen.getByRole('button', { name: 'Add Site' }))
    expect(await screen.findByText(SITE_MSG.created)).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        cityId: bengaluru()._id,
        name: 'Bannerghatta Park',
        description: 'Trails for dogs.',
        address: 'Bannerghatta Road, Bengaluru',
        latitude: 12.8,
        longitude: 77.57,
        images: [`${UPLOAD_URL}site/1.png`],
      },
    ])
    expect(keys).toEqual([expect.stringMatching(UUID_V4)])
    const created = db.sites[0]!
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sites/site-details/${created._id}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Bannerghatta Park' })).toBeInTheDocument()
    expect(trailOf()).toEqual(['Content', 'Bengaluru', 'Bannerghatta Park'])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('asks "Discard changes?" when leaving after typing', async () => {
    const { user, router } = await openAdd()
    await user.type(input('Name'), 'Park')
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' })
    await user.click(within(question).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cities/${bengaluru()._id}`))
  })

  it('says the city was not found when the address names none', async () => {
    renderRoute('/sites/add-site', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: CITY_MSG.notFound })).toBeInTheDocument()
    expect(trailOf()).toEqual(['Content', 'Add Site'])
  })

  it('edits a site: its values, the trail Content > city > site > Edit, kept and new images', async () => {
    const site = structuredClone(cubbonPark())
    const { user, router } = renderRoute(`/sites/site?siteId=${site._id}`, { signedInAs: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Edit Site' })
    expect(trailOf()).toEqual(['Content', 'Bengaluru', 'Cubbon Park', 'Edit'])
    expect(input('Name')).toHaveValue(site.name)
    expect(input('Address')).toHaveValue(site.address)
    expect(input('Latitude')).toHaveValue(site.latitude)
    const bodies = captureBodies('PUT', '/admin/site', { below: true })
    await user.click(within(imagesGroup()).getByRole('button', { name: 'Remove Image 2' }))
    await user.upload(within(imagesGroup()).getByLabelText('Add images'), image('new.webp', 1_000, 'image/webp'))
    await uploaded(3)
    await user.clear(input('Name'))
    await user.type(input('Name'), 'Cubbon Park East')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText(SITE_MSG.updated)).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        name: 'Cubbon Park East',
        description: site.description,
        address: site.address,
        latitude: site.latitude,
        longitude: site.longitude,
        previousImages: [site.images[0], site.images[2]],
        images: [`${UPLOAD_URL}site/1.webp`],
        // The version the form was loaded from (contract/versions.ts).
        version: site.version,
      },
    ])
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sites/site-details/${site._id}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Cubbon Park East' })).toBeInTheDocument()
  })

  it('asks for one image at least on edit too', async () => {
    const site = db.sites[1]!
    const { user } = renderRoute(`/sites/site?siteId=${site._id}`, { signedInAs: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Edit Site' })
    const bodies = captureBodies('PUT', '/admin/site', { below: true })
    await user.click(within(imagesGroup()).getByRole('button', { name: 'Remove Image 1' }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await within(imagesGroup()).findByText('At least one image is required')).toBeInTheDocument()
    expect(bodies).toHaveLength(0)
  })
})
