import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { API_MSG, PLACE_STATUS, PLACES_MSG, type PlaceKind } from '@contract'
import { api, fail, ok } from './mocks/db'
import { placesDb } from './mocks/handlers/places'
import { gate, requestsSent, trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/**
 * The row actions of the pet shops and hospitals lists: the status switch and Delete
 * (docs/DECISIONS.md, Roles, for who may delete). What the kind decides (paths,
 * messages) is checked on both; the rest once, on one of them.
 */

type Kind = { kind: PlaceKind; path: string; name: string; singular: string; noun: string; fallback: string }
const petShops: Kind = {
  kind: 'petShop',
  path: '/pet-shops',
  name: 'Pet Shops',
  singular: 'pet-shop',
  noun: 'pet shop',
  fallback: 'Shop has been deleted successfully!',
}
const hospitals: Kind = {
  kind: 'hospital',
  path: '/hospitals',
  name: 'Hospitals',
  singular: 'hospital',
  noun: 'hospital',
  fallback: 'Hospital has been deleted successfully!',
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!
const switchOf = (name: string) => within(rowOf(name)).getByRole('switch', { name: `Active: ${name}` })
const deleteOf = (name: string) => within(rowOf(name)).getByRole('button', { name: `Delete ${name}` })

async function openList({ kind, path }: Kind, role: 'admin' | 'subAdmin' = 'admin') {
  const view = renderRoute(path, { signedInAs: role })
  await screen.findByRole('cell', { name: placesDb(kind)[0]!.name })
  return view
}

afterEach(() => vi.restoreAllMocks())

describe.each([petShops, hospitals])('$name: the status switch', (k) => {
  it('turns a place Deactive at once, sends an empty PATCH and shows the server message', async () => {
    const { user } = await openList(k, 'subAdmin')
    const place = placesDb(k.kind)[0]!
    const seen = requestsSent('PATCH')
    const held = gate()
    server.use(http.patch(api(`/place/${k.singular}/:id`), () => held.wait()))
    expect(switchOf(place.name)).toBeChecked()
    await user.click(switchOf(place.name))

    // Before the server has answered.
    expect(switchOf(place.name)).not.toBeChecked()
    expect(within(rowOf(place.name)).getByText('Deactive')).toBeInTheDocument()
    held.open()
    expect(await screen.findByText(PLACES_MSG[k.kind].statusUpdated)).toBeInTheDocument()
    expect(placesDb(k.kind)[0]!.status).toBe(PLACE_STATUS.DEACTIVE)
    expect(new URL(seen[0]!.url).pathname).toBe(`/api/v1/place/${k.singular}/${place._id}`)
    expect(await seen[0]!.text()).toBe('{}')
    expect(switchOf(place.name)).not.toBeChecked()
  })
})

describe('the status switch, either kind', () => {
  it('turns a deactive hospital Active again', async () => {
    const { user } = await openList(hospitals)
    const place = placesDb('hospital')[3]!
    expect(place.status).toBe(PLACE_STATUS.DEACTIVE)
    expect(switchOf(place.name)).not.toBeChecked()
    await user.click(switchOf(place.name))
    expect(within(rowOf(place.name)).getByText('Active')).toBeInTheDocument()
    expect(await screen.findByText(PLACES_MSG.hospital.statusUpdated)).toBeInTheDocument()
    expect(placesDb('hospital')[3]!.status).toBe(PLACE_STATUS.ACTIVE)
  })

  it('keeps a place without an image Deactive, with the server’s reason: it is made active only with what adding it needs', async () => {
    const place = placesDb('petShop')[1]!
    expect(place.images).toEqual([])
    place.status = PLACE_STATUS.DEACTIVE
    const { user } = await openList(petShops)
    expect(switchOf(place.name)).not.toBeChecked()
    await user.click(switchOf(place.name))

    expect(await screen.findByText(PLACES_MSG.petShop.noImageInactive)).toBeInTheDocument()
    await waitFor(() => expect(switchOf(place.name)).not.toBeChecked())
    expect(within(rowOf(place.name)).getByText('Deactive')).toBeInTheDocument()
    expect(placesDb('petShop')[1]!.status).toBe(PLACE_STATUS.DEACTIVE)
  })

  it('puts the status back and shows the server message when the change fails with a 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = await openList(petShops)
    const place = placesDb('petShop')[0]!
    const held = gate()
    server.use(
      http.patch(api('/place/pet-shop/:id'), async () => {
        await held.wait()
        return fail('INTERNAL', 'The status could not be changed. Please try again.')
      }),
    )
    await user.click(switchOf(place.name))
    expect(within(rowOf(place.name)).getByText('Deactive')).toBeInTheDocument()

    held.open()
    expect(await screen.findByText('The status could not be changed. Please try again.')).toBeInTheDocument()
    await waitFor(() => expect(switchOf(place.name)).toBeChecked())
    expect(within(rowOf(place.name)).getByText('Active')).toBeInTheDocument()
    expect(placesDb('petShop')[0]!.status).toBe(PLACE_STATUS.ACTIVE)
  })
})

describe.each([petShops, hospitals])('$name: deleting', (k) => {
  it('deletes after confirming: the server message shows and the row is gone', async () => {
    const { user } = await openList(k)
    const place = placesDb(k.kind)[2]!
    await user.click(deleteOf(place.name))
    const dialog = await screen.findByRole('dialog', { name: `Delete ${k.noun}?` })
    expect(dialog).toHaveTextContent(`${place.name} moves to the trash. Undo, or Settings > Trash within 30 days, brings it back.`)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(PLACES_MSG[k.kind].deleted)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('cell', { name: place.name })).not.toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(placesDb(k.kind).some((p) => p._id === place._id)).toBe(false)
    // The header row and the page's rows: the next place moved up into the page if there was one.
    expect(within(screen.getByRole('table', { name: k.name })).getAllByRole('row')).toHaveLength(1 + Math.min(10, placesDb(k.kind).length))
  })

  it(`shows "${k.fallback}" when the server sends no message`, async () => {
    server.use(http.delete(api(`/place/${k.singular}/:id`), () => ok('', null)))
    const { user } = await openList(k)
    const place = placesDb(k.kind)[2]!
    await user.click(deleteOf(place.name))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(k.fallback)).toBeInTheDocument()
  })

  it('shows a sub admin no Delete buttons, only the view links and status switches', async () => {
    await openList(k, 'subAdmin')
    const table = screen.getByRole('table', { name: k.name })
    const shown = Math.min(10, placesDb(k.kind).length)
    expect(within(table).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
    expect(within(table).getAllByRole('switch')).toHaveLength(shown)
    expect(within(table).getAllByRole('link', { name: /^View / })).toHaveLength(shown)
  })
})

describe('deleting, either kind', () => {
  it('asks first, with the focus on Cancel, and deletes nothing when cancelled', async () => {
    const { user } = await openList(petShops)
    const place = placesDb('petShop')[2]!
    const requests = trackRequests(`/place/pet-shop/${place._id}`)
    await user.click(deleteOf(place.name))
    const dialog = await screen.findByRole('dialog', { name: 'Delete pet shop?' })
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requests).toHaveLength(0)
    expect(rowOf(place.name)).toBeInTheDocument()
  })

  it('keeps the row and shows the server message once when the server refuses (403)', async () => {
    server.use(http.delete(api('/place/hospital/:id'), () => fail('FORBIDDEN', API_MSG.forbidden)))
    const { user } = await openList(hospitals)
    const place = placesDb('hospital')[2]!
    await user.click(deleteOf(place.name))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findAllByText(API_MSG.forbidden)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(rowOf(place.name)).toBeInTheDocument()
  })
})
