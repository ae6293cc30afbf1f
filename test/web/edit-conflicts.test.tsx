import { screen, waitFor, within } from '@testing-library/react'
import { CMS_MSG, CMS_TYPE, CONFLICT_MSG, PLACES_MSG, SITE_MSG, type PlaceKind } from '@contract'
import { RELOAD_REPLACES } from '@/components/form/EditConflict'
import { findEditor } from './cms-helpers'
import { db } from './mocks/db'
import { cmsDb } from './mocks/handlers/cms'
import { placesDb } from './mocks/handlers/places'
import { captureBodies } from './mocks/requests'
import { renderRoute } from './render'

/**
 * Edit conflicts (docs/DECISIONS.md, Editing; contract/versions.ts): the edit forms send the version they loaded; a
 * save over a newer version gets 409, which the form shows as an alert with the server's message
 * and Reload, keeping what was typed until Reload loads the newer values.
 */

beforeEach(() => vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', ''))
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

const input = (label: string) => screen.getByLabelText(label)

/** The conflict alert, once it shows: the server's message, what Reload does, and Reload. */
async function conflictAlert() {
  const alert = await screen.findByText(CONFLICT_MSG.edited, { selector: '[role="alert"] p' })
  return alert.closest<HTMLElement>('[role="alert"]')!
}

/** Shown once, in the alert: the client toasts no second copy of it. */
async function shownOnlyInTheAlert(alert: HTMLElement) {
  // A toast would have been queued with the failed call; give it a moment to render.
  await new Promise((resolve) => setTimeout(resolve, 50))
  const copies = screen.getAllByText(CONFLICT_MSG.edited)
  expect(copies).toHaveLength(1)
  expect(alert).toContainElement(copies[0]!)
}

describe.each([
  { kind: 'petShop' as PlaceKind, path: '/pet-shops', singular: 'pet-shop', title: 'Edit Pet Shop' },
  { kind: 'hospital' as PlaceKind, path: '/hospitals', singular: 'hospital', title: 'Edit Hospital' },
])('the $kind edit form', ({ kind, path, singular, title }) => {
  it('shows a 409 as an alert with Reload, keeps the typed input, and Reload loads the newer values', async () => {
    const stored = placesDb(kind)[2]!
    const { user, router } = renderRoute(`${path}/edit/${stored._id}`, { signedInAs: 'admin' })
    await screen.findByRole('heading', { level: 1, name: title })
    expect(stored.version).toBe(1)

    // Someone else saves while this form is open.
    Object.assign(stored, { name: 'Their Name', description: 'Their description of the place.', version: 2 })

    const bodies = captureBodies('PUT', `/place/${singular}/${stored._id}`)
    await user.clear(input('Name'))
    await user.type(input('Name'), 'My Name')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    const alert = await conflictAlert()
    expect(alert).toHaveTextContent(RELOAD_REPLACES)
    await shownOnlyInTheAlert(alert)
    expect(bodies).toEqual([expect.objectContaining({ name: 'My Name', version: 1 })])
    // Nothing was saved, nothing typed was lost, and the form stays.
    expect(placesDb(kind)[2]!.name).toBe('Their Name')
    expect(input('Name')).toHaveValue('My Name')
    expect(router.state.location.pathname).toBe(`${path}/edit/${stored._id}`)

    await user.click(within(alert).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(input('Name')).toHaveValue('Their Name'))
    expect(input('Description')).toHaveValue('Their description of the place.')
    expect(screen.queryByText(CONFLICT_MSG.edited)).not.toBeInTheDocument()

    // The next save is made from the newer version, and goes through.
    await user.clear(input('Name'))
    await user.type(input('Name'), 'My Name Again')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText(PLACES_MSG[kind].updated)).toBeInTheDocument()
    expect(bodies.at(-1)).toMatchObject({ name: 'My Name Again', version: 2 })
    expect(placesDb(kind)[2]).toMatchObject({ name: 'My Name Again', version: 3 })
  })
})

describe('the site edit form', () => {
  it('shows a 409 as an alert with Reload, and Reload loads the newer values', async () => {
    const stored = db.sites[1]!
    const { user } = renderRoute(`/sites/site?siteId=${stored._id}`, { signedInAs: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Edit Site' })
    Object.assign(stored, { name: 'Lalbagh Gardens', version: stored.version + 1 })

    const bodies = captureBodies('PUT', `/admin/site/${stored._id}`)
    await user.clear(input('Name'))
    await user.type(input('Name'), 'Lalbagh')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    const alert = await conflictAlert()
    await shownOnlyInTheAlert(alert)
    expect(bodies).toEqual([expect.objectContaining({ name: 'Lalbagh', version: 1 })])
    expect(input('Name')).toHaveValue('Lalbagh')

    await user.click(within(alert).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(input('Name')).toHaveValue('Lalbagh Gardens'))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText(SITE_MSG.updated)).toBeInTheDocument()
    expect(bodies.at(-1)).toMatchObject({ name: 'Lalbagh Gardens', version: 2 })
  })
})

describe('the CMS page editor', () => {
  it('sends the version it loaded, then the saved one', async () => {
    const bodies = captureBodies('PUT', '/admin/cms')
    const { user } = renderRoute('/settings/support', { signedInAs: 'admin' })
    await findEditor('Support')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(CMS_MSG.updated)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies.map((b) => (b as { version: number }).version)).toEqual([1, 2])
    await waitFor(() => expect(cmsDb().pages.get(CMS_TYPE.SUPPORT)?.version).toBe(3))
    expect(screen.queryByText(CONFLICT_MSG.edited)).not.toBeInTheDocument()
  })

  it('shows a 409 as an alert with Reload, and Reload puts the newer page in the editor', async () => {
    const { user } = renderRoute('/settings/privacy-policy', { signedInAs: 'admin' })
    const editor = await findEditor('Privacy Policy')
    const page = cmsDb().pages.get(CMS_TYPE.PRIVACY_POLICY)!
    cmsDb().pages.set(CMS_TYPE.PRIVACY_POLICY, { ...page, content: '<p>Their policy.</p>', version: page.version + 1 })

    await user.click(editor)
    await user.keyboard('{Control>}a{/Control}{Backspace}')
    await user.keyboard('My policy.')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const alert = await conflictAlert()
    await shownOnlyInTheAlert(alert)
    expect(editor).toHaveTextContent('My policy.')
    expect(cmsDb().pages.get(CMS_TYPE.PRIVACY_POLICY)?.content).toBe('<p>Their policy.</p>')

    const bodies = captureBodies('PUT', '/admin/cms')
    await user.click(within(alert).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Privacy Policy' })).toHaveTextContent('Their policy.'))
    expect(screen.queryByText(CONFLICT_MSG.edited)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(CMS_MSG.updated)).toBeInTheDocument()
    expect(bodies).toEqual([{ type: CMS_TYPE.PRIVACY_POLICY, content: '<p>Their policy.</p>', version: 2 }])
  })
})
