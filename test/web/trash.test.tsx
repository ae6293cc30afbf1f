import { act, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { FAQS_MSG, FEEDBACK_MSG, NOTIFICATIONS_MSG, PLACES_MSG, SITE_MSG, TRASH_MSG } from '@contract'
import { TRASH_ADMIN_ONLY } from '@/features/trash/TrashPage'
import { api, db, fail } from './mocks/db'
import { SEED_FAQS } from './mocks/handlers/cms'
import { feedbackDb } from './mocks/handlers/feedback'
import { notificationsDb } from './mocks/handlers/notifications'
import { placesDb } from './mocks/handlers/places'
import { moveToTrash, trashDb } from './mocks/handlers/trash'
import { trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/**
 * Settings > Trash (issue 15 §2) and the Undo a delete's toast offers: deletes go to the mock
 * trash (handlers/trash.ts) as they go to the server's, so a restore brings back the same row.
 */

const admin = () => db.admins[0]!
/** Puts the first row of a store in the trash, as its delete does, and returns its name. */
function trashPetShop() {
  const shop = placesDb('petShop')[0]!
  moveToTrash(admin(), 'petShop', () => placesDb('petShop'), 0, shop.name)
  return shop
}
function trashNotification() {
  const notification = notificationsDb()[0]!
  moveToTrash(admin(), 'notification', notificationsDb, 0, notification.title)
  return notification
}

afterEach(() => vi.restoreAllMocks())

const trashTable = () => screen.getByRole('table', { name: 'Trash' })
const rowOf = (name: string) => within(trashTable()).getByRole('cell', { name }).closest('tr')!

async function openTrash(path = '/settings/trash') {
  const view = renderRoute(path, { signedInAs: 'admin' })
  await waitFor(() => expect(within(trashTable()).getAllByRole('row').length).toBeGreaterThan(1))
  await waitFor(() => expect(trashTable()).toHaveAttribute('aria-busy', 'false'))
  return view
}

describe('Settings > Trash', () => {
  it('lists what was deleted: name, kind, who deleted it, when, and when it is erased', async () => {
    const shop = trashPetShop()
    const notification = trashNotification()
    await openTrash()
    expect(within(trashTable()).getAllByRole('columnheader').map((th) => th.textContent?.replace(/\s*(Sort.*)?$/, ''))).toEqual([
      'Name',
      'Kind',
      'Deleted by',
      'Deleted on',
      'Erased on',
      'Actions',
    ])
    const row = rowOf(shop.name)
    expect(within(row).getByText('Pet Shop')).toBeInTheDocument()
    expect(within(row).getByText('admin@petcare.local')).toBeInTheDocument()
    const purgeAt = trashDb().find((e) => e._id === shop._id)!.purgeAt
    expect(within(row).getByText(purgeAt.slice(0, 10))).toBeInTheDocument()
    expect(within(rowOf(notification.title)).getByText('Notification')).toBeInTheDocument()
  })

  it('filters by kind, the filter kept in the address', async () => {
    const shop = trashPetShop()
    const notification = trashNotification()
    const { user, router } = await openTrash()
    const requests = trackRequests('/admin/trash')
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    await user.click(within(await screen.findByRole('group', { name: 'Kind' })).getByRole('radio', { name: 'Notification' }))
    await waitFor(() => expect(within(trashTable()).queryByRole('cell', { name: shop.name })).not.toBeInTheDocument())
    expect(rowOf(notification.title)).toBeInTheDocument()
    expect(requests.at(-1)!.get('filter')).toBe('notification')
    expect(router.state.location.search).toEqual({ filter: 'notification' })
  })

  it('restores a row: the server’s message, gone from the trash, back in its list', async () => {
    const shop = trashPetShop()
    trashNotification()
    const { user } = await openTrash()
    await user.click(within(rowOf(shop.name)).getByRole('button', { name: `Restore ${shop.name}` }))
    expect(await screen.findByText(TRASH_MSG.restored)).toBeInTheDocument()
    await waitFor(() => expect(within(trashTable()).queryByRole('cell', { name: shop.name })).not.toBeInTheDocument())
    expect(placesDb('petShop')[0]!._id).toBe(shop._id)
  })

  it('says why a site cannot be restored while its city is gone, instead of offering Restore', async () => {
    const site = db.sites[0]!
    const cityAt = db.cities.findIndex((c) => c._id === site.cityId)
    const city = db.cities[cityAt]!
    moveToTrash(admin(), 'site', () => db.sites, 0, site.name, () => (db.cities.some((c) => c._id === site.cityId) ? null : TRASH_MSG.siteCityGone))
    moveToTrash(admin(), 'city', () => db.cities, cityAt, city.name)
    await openTrash()
    const row = rowOf(site.name)
    expect(within(row).getByText(TRASH_MSG.siteCityGone)).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument()
    expect(within(rowOf(city.name)).getByRole('button', { name: `Restore ${city.name}` })).toBeInTheDocument()
  })

  it('shows the server’s refusal when a restore is refused meanwhile', async () => {
    const site = db.sites[0]!
    moveToTrash(admin(), 'site', () => db.sites, 0, site.name, () => (db.cities.some((c) => c._id === site.cityId) ? null : TRASH_MSG.siteCityGone))
    const { user } = await openTrash()
    // The city goes after the list was fetched: the screen still offers Restore, the server refuses.
    db.cities = db.cities.filter((c) => c._id !== site.cityId)
    await user.click(within(rowOf(site.name)).getByRole('button', { name: `Restore ${site.name}` }))
    expect(await screen.findByText(TRASH_MSG.siteCityGone)).toBeInTheDocument()
    expect(trashDb()).toHaveLength(1)
  })

  it('deletes forever after a confirmation that names the record and says it cannot be undone', async () => {
    const shop = trashPetShop()
    trashNotification()
    const { user } = await openTrash()
    await user.click(within(rowOf(shop.name)).getByRole('button', { name: `Delete forever: ${shop.name}` }))
    const dialog = await screen.findByRole('dialog', { name: `Delete ${shop.name} forever?` })
    expect(dialog).toHaveTextContent('This cannot be undone.')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }))
    expect(await screen.findByText(TRASH_MSG.purged)).toBeInTheDocument()
    await waitFor(() => expect(within(trashTable()).queryByRole('cell', { name: shop.name })).not.toBeInTheDocument())
    expect(trashDb().some((e) => e._id === shop._id)).toBe(false)
    expect(placesDb('petShop').some((p) => p._id === shop._id)).toBe(false)
  })

  it('is in the Settings menu for an admin', async () => {
    trashPetShop()
    const { user, router } = renderRoute('/settings/change-password', { signedInAs: 'admin' })
    const menu = await screen.findByRole('navigation', { name: 'Settings' })
    await user.click(within(menu).getByRole('link', { name: 'Trash' }))
    expect(await screen.findByRole('table', { name: 'Trash' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/settings/trash')
  })

  it('is not in a sub admin’s Settings menu, and its address tells them it is for admins without asking the server', async () => {
    const requests = trackRequests('/admin/trash')
    renderRoute('/settings/trash', { signedInAs: 'subAdmin' })
    expect(await screen.findByText(TRASH_ADMIN_ONLY)).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Settings' })
    expect(within(menu).getByRole('link', { name: 'Change Password' })).toBeInTheDocument()
    expect(within(menu).queryByText('Trash')).not.toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })
})

describe('Undo after a delete', () => {
  const placeRow = (name: string) => screen.getByRole('cell', { name }).closest('tr')!

  it('brings a deleted pet shop back into the list, with the restore’s message', async () => {
    const { user } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    const shop = placesDb('petShop')[2]!
    await screen.findByRole('cell', { name: shop.name })
    await user.click(within(placeRow(shop.name)).getByRole('button', { name: `Delete ${shop.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete pet shop?' })
    expect(dialog).toHaveTextContent(`${shop.name} moves to the trash.`)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const toast = (await screen.findByText(PLACES_MSG.petShop.deleted)).closest('li')!
    await waitFor(() => expect(screen.queryByRole('cell', { name: shop.name })).not.toBeInTheDocument())
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText(TRASH_MSG.restored)).toBeInTheDocument()
    expect(await screen.findByRole('cell', { name: shop.name })).toBeInTheDocument()
    expect(trashDb()).toHaveLength(0)
  })

  it('stays offered when an unrelated error shows meanwhile, and still restores', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    const shop = placesDb('petShop')[2]!
    const other = placesDb('petShop')[0]!
    await screen.findByRole('cell', { name: shop.name })
    await user.click(within(placeRow(shop.name)).getByRole('button', { name: `Delete ${shop.name}` }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    const toast = (await screen.findByText(PLACES_MSG.petShop.deleted)).closest('li')!
    await waitFor(() => expect(screen.queryByRole('cell', { name: shop.name })).not.toBeInTheDocument())

    // Another row's status change fails: its error toast clears the others, not the open Undo.
    server.use(http.patch(api('/place/pet-shop/:id'), () => fail('INTERNAL', 'The status could not be changed. Please try again.')))
    await user.click(within(placeRow(other.name)).getByRole('switch', { name: `Active: ${other.name}` }))
    const error = (await screen.findByText('The status could not be changed. Please try again.')).closest('li')!
    // sonner closes a dismissed toast on the next animation frame: after it, what is still open stays.
    await act(() => new Promise(requestAnimationFrame))
    expect(Array.from(document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])'))).toEqual([error, toast])
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText(TRASH_MSG.restored)).toBeInTheDocument()
    expect(await screen.findByRole('cell', { name: shop.name })).toBeInTheDocument()
    expect(trashDb()).toHaveLength(0)
  })

  it('is a button the keyboard reaches and presses', async () => {
    const { user } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    const shop = placesDb('petShop')[2]!
    await screen.findByRole('cell', { name: shop.name })
    await user.click(within(placeRow(shop.name)).getByRole('button', { name: `Delete ${shop.name}` }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    const toast = (await screen.findByText(PLACES_MSG.petShop.deleted)).closest('li')!
    const undo = within(toast).getByRole('button', { name: 'Undo' })
    expect(undo.tagName).toBe('BUTTON')
    undo.focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('cell', { name: shop.name })).toBeInTheDocument()
  })

  it('brings a deleted site back into its city’s list', async () => {
    const site = db.sites[0]!
    const { user } = renderRoute(`/cities/${site.cityId}`, { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: site.name })
    await user.click(within(placeRow(site.name)).getByRole('button', { name: `Delete ${site.name}` }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    const toast = (await screen.findByText(SITE_MSG.deleted)).closest('li')!
    await waitFor(() => expect(screen.queryByRole('cell', { name: site.name })).not.toBeInTheDocument())
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    expect(await screen.findByRole('cell', { name: site.name })).toBeInTheDocument()
  })
})

describe('Undo after a delete, elsewhere', () => {
  it('puts a deleted FAQ back in its place in the order', async () => {
    const { user } = renderRoute('/settings/faqs', { signedInAs: 'admin' })
    const list = await screen.findByRole('list', { name: "FAQ's" })
    const titles = () => within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    const [first, second, third] = SEED_FAQS.map((f) => f.title)
    await user.click(within(within(list).getByRole('heading', { name: second, level: 3 }).closest('li')!).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete FAQ?' })).getByRole('button', { name: 'Delete' }))
    const toast = (await screen.findByText(FAQS_MSG.deleted)).closest('li')!
    await waitFor(() => expect(titles()).toEqual([first, third]))
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(titles()).toEqual([first, second, third]))
  })

  it('brings a deleted notification back into the list', async () => {
    const notification = notificationsDb()[1]!
    const { user } = renderRoute('/notifications', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: `Delete ${notification.title}` }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete notification?' })).getByRole('button', { name: 'Delete' }))
    const toast = (await screen.findByText(NOTIFICATIONS_MSG.deleted)).closest('li')!
    await waitFor(() => expect(screen.queryByRole('button', { name: `Delete ${notification.title}` })).not.toBeInTheDocument())
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    expect(await screen.findByRole('button', { name: `Delete ${notification.title}` })).toBeInTheDocument()
  })
})

describe('deleting feedback', () => {
  const feedbackTable = () => screen.getByRole('table', { name: 'Feedback' })

  it('deletes a feedback from the list after a confirmation, and Undo brings it back', async () => {
    const { user } = renderRoute('/feedback', { signedInAs: 'admin' })
    const first = feedbackDb()[0]!
    const button = await screen.findByRole('button', { name: `Delete Feedback 1 from ${first.user!.username}` })
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Delete feedback?' })
    expect(dialog).toHaveTextContent(`Feedback 1 from ${first.user!.username} moves to the trash.`)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const toast = (await screen.findByText(FEEDBACK_MSG.deleted)).closest('li')!
    expect(feedbackDb().some((f) => f._id === first._id)).toBe(false)
    await waitFor(() => expect(within(feedbackTable()).queryByText(first.description)).not.toBeInTheDocument())
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    expect(await within(feedbackTable()).findByText(first.description)).toBeInTheDocument()
    expect(feedbackDb()[0]!._id).toBe(first._id)
  })

  it('deletes from the details page and goes back to the list', async () => {
    const item = feedbackDb()[1]!
    const { user, router } = renderRoute(`/feedback/${item._id}`, { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete feedback?' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(FEEDBACK_MSG.deleted)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/feedback'))
    expect(feedbackDb().some((f) => f._id === item._id)).toBe(false)
  })

  it('offers a sub admin no Delete, on the list or the details', async () => {
    renderRoute('/feedback', { signedInAs: 'subAdmin' })
    await waitFor(() => expect(within(feedbackTable()).getAllByRole('row').length).toBeGreaterThan(1))
    expect(within(feedbackTable()).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
  })
})
