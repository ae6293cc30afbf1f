import { screen, waitFor, within } from '@testing-library/react'
import { TRASH_MSG, USER_STATUS } from '@contract'
import { BULK_MAX, BULK_MSG, BULK_REASON } from '@contract/bulk'
import { http } from 'msw'
import { api, db, fail, ok } from './mocks/db'
import { captureBodies, captureDownloads, csvLinesOf } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** Bulk actions through the list kit: choosing rows, "all matching", the confirmation and the summary. */

const rowOf = (username: string) => screen.getByText(username).closest('tr')!

async function openUsers(path = '/users') {
  const view = renderRoute(path, { signedInAs: 'admin' })
  await screen.findByText('carlos_mendes')
  return view
}

const bar = () => screen.getByRole('region', { name: 'Bulk actions' })

describe('bulk actions on the users list', { timeout: 20_000 }, () => {
  it('blocks the chosen rows after a confirmation naming the count, then sums up the answer', async () => {
    const { user } = await openUsers()
    const bodies = captureBodies('POST', '/admin/users/bulk')
    const active = db.users.filter((u) => u.status === USER_STATUS.ACTIVE).slice(0, 2)
    for (const u of active) await user.click(within(rowOf(u.username!)).getByRole('checkbox', { name: `Select ${u.username}` }))
    expect(await within(await screen.findByRole('region', { name: 'Bulk actions' })).findByText('2 selected')).toBeInTheDocument()

    await user.click(within(bar()).getByRole('button', { name: 'Block' }))
    const dialog = await screen.findByRole('dialog', { name: 'Block 2 users?' })
    await user.click(within(dialog).getByRole('button', { name: 'Block' }))

    const summary = await screen.findByRole('region', { name: 'Bulk action result' })
    expect(summary).toHaveTextContent('Blocked 2 users.')
    expect(bodies).toEqual([{ action: 'block', ids: active.map((u) => u._id) }])
    expect(active.every((u) => u.status === USER_STATUS.BLOCKED)).toBe(true)
    // The choice is done with; the summary stays until dismissed.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument()
    await user.click(within(summary).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('region', { name: 'Bulk action result' })).not.toBeInTheDocument()
  })

  it('lists the skipped rows with their reasons', async () => {
    const { user } = await openUsers()
    const blocked = db.users.slice(0, 10).find((u) => u.status === USER_STATUS.BLOCKED)!
    const active = db.users.slice(0, 10).find((u) => u.status === USER_STATUS.ACTIVE)!
    await user.click(within(rowOf(blocked.username!)).getByRole('checkbox', { name: `Select ${blocked.username}` }))
    await user.click(within(rowOf(active.username!)).getByRole('checkbox', { name: `Select ${active.username}` }))
    await user.click(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Block' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Block 2 users?' })).getByRole('button', { name: 'Block' }))
    const summary = await screen.findByRole('region', { name: 'Bulk action result' })
    expect(summary).toHaveTextContent('Blocked 1 user.')
    expect(within(summary).getByRole('listitem')).toHaveTextContent(`${blocked.username}: ${BULK_REASON.already}`)
  })

  it('says an action an error stopped partway in an error toast, with the server’s message, and keeps the rows not done chosen', async () => {
    // As the server answers when a later chunk fails (server/routes/bulk.ts): the first row changed, the others not reached.
    const [done, ...notDone] = db.users.filter((u) => u.status === USER_STATUS.ACTIVE).slice(0, 3)
    server.use(
      http.post(api('/admin/users/bulk'), () =>
        ok(BULK_MSG.stopped, { changed: 1, skipped: notDone.map((u) => ({ _id: u._id, reason: BULK_REASON.stopped })), stopped: true }),
      ),
    )
    const { user } = await openUsers()
    for (const u of [done!, ...notDone]) await user.click(within(rowOf(u.username!)).getByRole('checkbox', { name: `Select ${u.username}` }))
    await user.click(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Block' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Block 3 users?' })).getByRole('button', { name: 'Block' }))

    const text = `${BULK_MSG.stopped}. Blocked 1 user. 2 not done.`
    const toast = await waitFor(() => {
      const found = screen.getByText(text).closest('[data-sonner-toast]')
      expect(found).not.toBeNull()
      return found!
    })
    expect(toast).toHaveAttribute('data-type', 'error')
    expect(document.querySelector('[data-sonner-toast][data-type="success"]')).toBeNull()
    const summary = screen.getByRole('region', { name: 'Bulk action result' })
    expect(summary).toHaveTextContent(BULK_MSG.stopped)
    expect(within(summary).getByText('2 not done:')).toBeInTheDocument()
    expect(within(within(summary).getByRole('list', { name: 'Rows not done' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      notDone.map((u) => `${u.username}: ${BULK_REASON.stopped}`),
    )
    // The rows not done stay chosen, for another try; the one done does not.
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument()
    for (const u of notDone) expect(screen.getByRole('checkbox', { name: `Select ${u.username}` })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: `Select ${done!.username}` })).not.toBeChecked()
  })

  it('chooses every row matching the search, and sends the list query instead of ids', async () => {
    const { user } = await openUsers()
    const bodies = captureBodies('POST', '/admin/users/bulk')
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }))
    const region = await screen.findByRole('region', { name: 'Bulk actions' })
    expect(within(region).getByText('10 selected')).toBeInTheDocument()
    const total = db.users.length
    await user.click(within(region).getByRole('button', { name: `Select all ${total} matching` }))
    expect(within(bar()).getByText(`All ${total} selected`)).toBeInTheDocument()
    await user.click(within(bar()).getByRole('button', { name: 'Unblock' }))
    await user.click(within(await screen.findByRole('dialog', { name: `Unblock ${total} users?` })).getByRole('button', { name: 'Unblock' }))
    await screen.findByRole('region', { name: 'Bulk action result' })
    expect(bodies).toEqual([{ action: 'unblock', query: { search: '', sortOrder: 0 } }])
  })

  it('forgets the choice when the search changes', async () => {
    const { user } = await openUsers()
    await user.click(within(rowOf('carlos_mendes')).getByRole('checkbox', { name: 'Select carlos_mendes' }))
    await screen.findByRole('region', { name: 'Bulk actions' })
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'carlos{Enter}')
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument())
    expect(within(rowOf('carlos_mendes')).getByRole('checkbox', { name: 'Select carlos_mendes' })).not.toBeChecked()
  })
})

describe('Export selected', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks())

  it('downloads the chosen users only, in the list’s order, by POSTing their ids', async () => {
    const files = captureDownloads()
    const bodies = captureBodies('POST', '/admin/users/export')
    const { user } = renderRoute('/users?sortBy=username&sortOrder=-1', { signedInAs: 'admin' })
    const rows = await screen.findAllByRole('checkbox', { name: /^Select (?!all)/ })
    // The fourth row, then the first: the file keeps the list's order, not the order of choosing.
    const chosen = [rows[3]!, rows[0]!].map((box) => db.users.find((u) => within(box.closest('tr')!).queryByText(u.username!))!)
    for (const u of chosen) await user.click(screen.getByRole('checkbox', { name: `Select ${u.username}` }))
    await user.click(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Export selected (CSV)' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(bodies).toEqual([{ ids: chosen.map((u) => u._id) }])
    const usernames = (await csvLinesOf(files[0]!)).slice(1).map((line) => line.split(',')[0])
    expect(usernames).toEqual(chosen.map((u) => u.username).sort().reverse())
    expect(files[0]!.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/)
  })

  it('downloads every row matching the search for all matching, with the list query and no ids', async () => {
    const files = captureDownloads()
    const seen: string[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/admin/users/export')) seen.push(`${request.method} ${new URL(request.url).search}`)
    })
    onTestFinished(() => server.events.removeAllListeners('request:start'))
    const { user } = await openUsers('/users?search=a')
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }))
    const matching = db.users.filter((u) => [u.username, u.name, u.email, u.mobileNo].some((t) => t?.toLowerCase().includes('a')))
    const region = await screen.findByRole('region', { name: 'Bulk actions' })
    await user.click(within(region).getByRole('button', { name: `Select all ${matching.length} matching` }))
    await user.click(within(bar()).getByRole('button', { name: 'Export selected (CSV)' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(seen).toEqual(['GET ?search=a&sortOrder=0'])
    expect(await csvLinesOf(files[0]!)).toHaveLength(matching.length + 1)
  })

  it('is offered on lists without bulk actions: partner requests', async () => {
    const files = captureDownloads()
    const { user } = renderRoute('/partners', { signedInAs: 'subAdmin' })
    const [first] = await screen.findAllByRole('checkbox', { name: /^Select (?!all)/ })
    await user.click(first!)
    const region = await screen.findByRole('region', { name: 'Bulk actions' })
    expect(within(region).getAllByRole('button').map((b) => b.textContent)).not.toContain('Delete')
    await user.click(within(region).getByRole('button', { name: 'Export selected (CSV)' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(await csvLinesOf(files[0]!)).toHaveLength(2)
  })

  it('shows the server’s message when the export is refused, and keeps the choice', async () => {
    captureDownloads()
    server.use(http.post(api('/admin/users/export'), () => fail('BAD_REQUEST', 'Something is off')))
    const { user } = await openUsers()
    await user.click(within(rowOf('carlos_mendes')).getByRole('checkbox', { name: 'Select carlos_mendes' }))
    await user.click(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Export selected (CSV)' }))
    expect(await screen.findByText('Something is off')).toBeInTheDocument()
    expect(within(bar()).getByText('1 selected')).toBeInTheDocument()
  })
})

describe('bulk actions by role', { timeout: 20_000 }, () => {
  it('offers a sub admin no Delete on pet shops, an admin Delete', async () => {
    const sub = renderRoute('/pet-shops', { signedInAs: 'subAdmin' })
    const [first] = await screen.findAllByRole('checkbox', { name: /^Select (?!all)/ })
    await sub.user.click(first!)
    const region = await screen.findByRole('region', { name: 'Bulk actions' })
    expect(within(region).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    sub.unmount()

    const admin = renderRoute('/pet-shops', { signedInAs: 'admin' })
    const [row] = await screen.findAllByRole('checkbox', { name: /^Select (?!all)/ })
    await admin.user.click(row!)
    await admin.user.click(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('dialog', { name: 'Delete 1 pet shop?' })).toBeInTheDocument()
  })
})

describe('bulk choice and the page it belongs to', { timeout: 20_000 }, () => {
  it('starts a new choice on another city’s page (the router keeps the page, not the choice)', async () => {
    const [first, second] = db.cities.filter((c) => db.sites.some((s) => s.cityId === c._id))
    const siteOf = (cityId: string) => db.sites.find((s) => s.cityId === cityId)!
    const { user, router } = renderRoute(`/cities/${first!._id}`, { signedInAs: 'admin' })
    const site = siteOf(first!._id)
    await user.click(await screen.findByRole('checkbox', { name: `Select ${site.name}` }))
    expect(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByText('1 selected')).toBeInTheDocument()

    await router.navigate({ to: '/cities/$cityId', params: { cityId: second!._id } })
    await screen.findByRole('checkbox', { name: `Select ${siteOf(second!._id).name}` })
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument()
  })
})

describe('unticking a row of all matching', { timeout: 20_000 }, () => {
  it('keeps the page’s other rows chosen, by id, and says how many', async () => {
    const { user } = await openUsers()
    const bodies = captureBodies('POST', '/admin/users/bulk')
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }))
    await user.click(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: `Select all ${db.users.length} matching` }))
    expect(within(bar()).getByText(`All ${db.users.length} selected`)).toBeInTheDocument()

    await user.click(within(rowOf('carlos_mendes')).getByRole('checkbox', { name: 'Select carlos_mendes' }))
    expect(within(bar()).getByText('9 selected')).toBeInTheDocument()
    expect(within(rowOf('carlos_mendes')).getByRole('checkbox', { name: 'Select carlos_mendes' })).not.toBeChecked()
    await user.click(within(bar()).getByRole('button', { name: 'Unblock' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Unblock 9 users?' })).getByRole('button', { name: 'Unblock' }))
    await screen.findByRole('region', { name: 'Bulk action result' })
    const carlos = db.users.find((u) => u.username === 'carlos_mendes')!
    expect(bodies).toHaveLength(1)
    expect((bodies[0] as { ids: string[] }).ids).toHaveLength(9)
    expect((bodies[0] as { ids: string[] }).ids).not.toContain(carlos._id)
  })
})

describe('more rows matching than one bulk action takes', { timeout: 20_000 }, () => {
  it('says the limit instead of offering Select all matching, and keeps the actions for the chosen rows', async () => {
    const model = db.users.at(-1)!
    const extra = BULK_MAX + 1 - db.users.length
    for (let i = 0; i < extra; i++) db.users.push({ ...model, _id: `e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`, username: `zz_extra_${i}` })
    const { user } = await openUsers()
    await user.click(within(rowOf('carlos_mendes')).getByRole('checkbox', { name: 'Select carlos_mendes' }))
    const region = await screen.findByRole('region', { name: 'Bulk actions' })
    expect(within(region).getByText(BULK_MSG.tooManyMatching)).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: /^Select all/ })).not.toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Block' })).toBeInTheDocument()
  })
})

describe('a deleted row and the bulk choice', { timeout: 20_000 }, () => {
  it('drops a row deleted by its own Delete from the choice', async () => {
    const { placesDb } = await import('./mocks/handlers/places')
    const { user } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    const [a, b] = placesDb('petShop')
    await screen.findByRole('cell', { name: a!.name })
    await user.click(screen.getByRole('checkbox', { name: `Select ${a!.name}` }))
    await user.click(screen.getByRole('checkbox', { name: `Select ${b!.name}` }))
    expect(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByText('2 selected')).toBeInTheDocument()
    await user.click(within(screen.getByRole('cell', { name: a!.name }).closest('tr')!).getByRole('button', { name: `Delete ${a!.name}` }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete pet shop?' })).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(within(bar()).getByText('1 selected')).toBeInTheDocument())
  })
})

describe('Undo after a bulk delete', { timeout: 20_000 }, () => {
  // The summary in the page says the same: the toast is the text within a sonner toast.
  const toastWith = (text: string | RegExp) =>
    screen
      .queryAllByText(text)
      .map((el) => el.closest<HTMLElement>('[data-sonner-toast]'))
      .find((el) => el !== null)
  const toastOf = async (text: string | RegExp) => {
    await waitFor(() => expect(toastWith(text)).toBeDefined())
    return toastWith(text)!
  }
  const inToast = (text: string) => toastWith(text) !== undefined

  it('offers Undo in the delete’s toast, which restores the deleted rows by their ids', async () => {
    const { placesDb } = await import('./mocks/handlers/places')
    const { trashDb } = await import('./mocks/handlers/trash')
    const bodies = captureBodies('POST', '/admin/pet-shops/bulk')
    const { user } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    const [a, b] = placesDb('petShop')
    await screen.findByRole('cell', { name: a!.name })
    await user.click(screen.getByRole('checkbox', { name: `Select ${a!.name}` }))
    await user.click(screen.getByRole('checkbox', { name: `Select ${b!.name}` }))
    await user.click(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete 2 pet shops?' })).getByRole('button', { name: 'Delete' }))

    const toast = await toastOf('Deleted 2 pet shops.')
    await waitFor(() => expect(screen.queryByRole('cell', { name: a!.name })).not.toBeInTheDocument())
    expect(trashDb()).toHaveLength(2)
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))

    expect(await screen.findByRole('cell', { name: a!.name })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: b!.name })).toBeInTheDocument()
    expect(bodies).toEqual([
      { action: 'delete', ids: [a!._id, b!._id] },
      { action: 'restore', ids: [a!._id, b!._id] },
    ])
    expect(trashDb()).toHaveLength(0)
    expect(screen.getByRole('region', { name: 'Bulk action result' })).toHaveTextContent('Restored 2 pet shops.')
    expect(inToast('Restored 2 pet shops.')).toBe(true)
  })

  it('restores every row of an "all matching" delete, by the ids the delete’s answer named', async () => {
    const { placesDb } = await import('./mocks/handlers/places')
    const bodies = captureBodies('POST', '/admin/pet-shops/bulk')
    const { user } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    const all = placesDb('petShop').map((p) => p._id)
    const [first] = placesDb('petShop')
    await screen.findByRole('cell', { name: first!.name })
    await user.click(screen.getByRole('checkbox', { name: 'Select all pet shops on this page' }))
    await user.click(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: `Select all ${all.length} matching` }))
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog', { name: `Delete ${all.length} pet shops?` })).getByRole('button', { name: 'Delete' }))

    const toast = await toastOf(`Deleted ${all.length} pet shops.`)
    await waitFor(() => expect(screen.queryByRole('cell', { name: first!.name })).not.toBeInTheDocument())
    expect(placesDb('petShop')).toHaveLength(0)
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))

    expect(await screen.findByRole('cell', { name: first!.name })).toBeInTheDocument()
    expect(bodies[0]).toEqual({ action: 'delete', query: { search: '', sortOrder: 0 } })
    const restore = bodies[1] as { action: string; ids: string[] }
    expect(restore.action).toBe('restore')
    expect([...restore.ids].sort()).toEqual([...all].sort())
    expect(placesDb('petShop').map((p) => p._id).sort()).toEqual([...all].sort())
    await waitFor(() => expect(inToast(`Restored ${all.length} pet shops.`)).toBe(true))
  })

  it('says what the restore skipped: a site whose city went meanwhile', async () => {
    const { trashDb } = await import('./mocks/handlers/trash')
    const cityId = db.sites[0]!.cityId
    const site = db.sites.find((s) => s.cityId === cityId)!
    const { user } = renderRoute(`/cities/${cityId}`, { signedInAs: 'admin' })
    await user.click(await screen.findByRole('checkbox', { name: `Select ${site.name}` }))
    await user.click(within(await screen.findByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog', { name: /^Delete 1 / })).getByRole('button', { name: 'Delete' }))
    const toast = await toastOf(/^Deleted 1 /)
    // The city goes (another admin) before Undo is pressed.
    db.cities.splice(
      db.cities.findIndex((c) => c._id === cityId),
      1,
    )
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    const summary = screen.getByRole('region', { name: 'Bulk action result' })
    await waitFor(() => expect(summary).toHaveTextContent(/^Restored 0 /))
    expect(within(summary).getByRole('listitem')).toHaveTextContent(`${site.name}: ${TRASH_MSG.siteCityGone}`)
    expect(trashDb()).toHaveLength(1)
  })
})
