import { screen, waitFor, within } from '@testing-library/react'
import { PERSONAL_VIEWS_MAX, SAVED_VIEW_MSG } from '@contract/saved-views'
import { db } from './mocks/db'
import { mockSavedViews, saveView } from './mocks/handlers/saved-views'
import { renderRoute } from './render'

const admin = () => db.admins[0]!
const subAdmin = () => db.admins[1]!

async function openViews(path: string, who: 'admin' | 'subAdmin' = 'admin') {
  const view = renderRoute(path, { signedInAs: who })
  await screen.findAllByRole('row')
  await view.user.click(screen.getByRole('button', { name: 'Views' }))
  const dialog = await screen.findByRole('dialog', { name: 'Users views' })
  return { ...view, dialog }
}

describe('saved views', { timeout: 20_000 }, () => {
  it('saves the current search, filter and sort under a name, without the page', async () => {
    const { user, dialog } = await openViews('/users?search=ann&filter=2&sortBy=email&sortOrder=-1&page=2')
    await user.type(within(dialog).getByLabelText('View name'), 'Blocked Anns')
    await user.click(within(dialog).getByRole('button', { name: 'Save current view' }))
    expect(await within(dialog).findByRole('link', { name: 'Blocked Anns' })).toBeInTheDocument()
    expect(await screen.findByText(SAVED_VIEW_MSG.created)).toBeInTheDocument()
    expect(mockSavedViews()).toMatchObject([
      { list: 'users', name: 'Blocked Anns', shared: false, state: { search: 'ann', filter: 2, sortBy: 'email', sortOrder: -1 } },
    ])
    expect(mockSavedViews()[0]!.state).not.toHaveProperty('page')
  })

  it('opens a view: its link sets the URL and the list, and the dialog closes', async () => {
    saveView(admin(), { list: 'users', name: 'Blocked', state: { filter: 2, limit: 10, search: '', sortOrder: 0 } })
    saveView(subAdmin(), { list: 'users', name: 'Team view', shared: true, state: { search: 'zz-nobody', limit: 10, sortOrder: 0 } })
    const { user, dialog, router } = await openViews('/users')
    expect(within(within(dialog).getByRole('region', { name: 'Shared views' })).getByRole('link', { name: 'Team view' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('link', { name: 'Blocked' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ filter: 2 }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Filters (active)' })).toBeInTheDocument()
  })

  it('lets a sub admin save personal views only: no Shared choice, no managing the shared ones, no sharing', async () => {
    saveView(admin(), { list: 'users', name: 'Team view', shared: true, state: { limit: 10, search: '', sortOrder: 0 } })
    saveView(subAdmin(), { list: 'users', name: 'Mine', state: { limit: 10, search: '', sortOrder: 0 } })
    const { dialog } = await openViews('/users', 'subAdmin')
    await within(dialog).findByRole('link', { name: 'Team view' })
    expect(within(dialog).queryByRole('checkbox', { name: 'Shared with all admins' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Delete Team view' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Delete Mine' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: /^Make personal/ })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: /^Share with all admins/ })).not.toBeInTheDocument()
  })

  it("lets an admin make another admin's shared view personal: it moves to their own views", async () => {
    saveView(subAdmin(), { list: 'users', name: 'Team view', shared: true, state: { limit: 10, search: '', sortOrder: 0 } })
    const { user, dialog } = await openViews('/users')
    const shared = within(dialog).getByRole('region', { name: 'Shared views' })
    await user.click(await within(shared).findByRole('button', { name: 'Make personal: Team view' }))
    const mine = within(dialog).getByRole('region', { name: 'My views' })
    expect(await within(mine).findByRole('link', { name: 'Team view' })).toBeInTheDocument()
    expect(within(shared).queryByRole('link', { name: 'Team view' })).not.toBeInTheDocument()
    expect(within(mine).getByRole('button', { name: 'Share with all admins: Team view' })).toBeInTheDocument()
    expect(await screen.findByText(SAVED_VIEW_MSG.updated)).toBeInTheDocument()
    expect(mockSavedViews()).toMatchObject([{ name: 'Team view', shared: false, ownerId: admin()._id }])
  })

  it('lets an admin share a personal view of their own', async () => {
    saveView(admin(), { list: 'users', name: 'Blocked', state: { filter: 2, limit: 10, search: '', sortOrder: 0 } })
    const { user, dialog } = await openViews('/users')
    const mine = within(dialog).getByRole('region', { name: 'My views' })
    await user.click(await within(mine).findByRole('button', { name: 'Share with all admins: Blocked' }))
    const shared = within(dialog).getByRole('region', { name: 'Shared views' })
    expect(await within(shared).findByRole('link', { name: 'Blocked' })).toBeInTheDocument()
    expect(within(shared).getByRole('button', { name: 'Make personal: Blocked' })).toBeInTheDocument()
    expect(within(mine).getByText('None yet.')).toBeInTheDocument()
    expect(mockSavedViews()).toMatchObject([{ name: 'Blocked', shared: true, ownerId: admin()._id }])
  })

  it("shows the server's refusal to make a view personal: a name the admin has, or their views full", async () => {
    const state = { limit: 10, search: '', sortOrder: 0 }
    saveView(subAdmin(), { list: 'users', name: 'Team view', shared: true, state })
    saveView(admin(), { list: 'users', name: 'team VIEW', state })
    const { user, dialog } = await openViews('/users')
    const makePersonal = await within(dialog).findByRole('button', { name: 'Make personal: Team view' })
    await user.click(makePersonal)
    expect(await screen.findByText(SAVED_VIEW_MSG.duplicate)).toBeInTheDocument()
    expect(within(within(dialog).getByRole('region', { name: 'Shared views' })).getByRole('link', { name: 'Team view' })).toBeInTheDocument()

    for (let i = 1; i < PERSONAL_VIEWS_MAX; i++) saveView(admin(), { list: 'users', name: `Kept ${i}`, state })
    await user.click(makePersonal)
    expect(await screen.findByText(SAVED_VIEW_MSG.tooMany)).toBeInTheDocument()
    expect(mockSavedViews().filter((v) => v.shared)).toMatchObject([{ name: 'Team view', ownerId: subAdmin()._id }])
  })

  it('lets an admin share a view, and delete one after confirming', async () => {
    const { user, dialog } = await openViews('/users?filter=2')
    await user.type(within(dialog).getByLabelText('View name'), 'Everyone blocked')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Shared with all admins' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save current view' }))
    const shared = await within(dialog).findByRole('region', { name: 'Shared views' })
    await within(shared).findByRole('link', { name: 'Everyone blocked' })
    expect(mockSavedViews()[0]).toMatchObject({ shared: true })

    await user.click(within(shared).getByRole('button', { name: 'Delete Everyone blocked' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete the view Everyone blocked?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(mockSavedViews()).toEqual([]))
    await waitFor(() => expect(within(dialog).queryByRole('link', { name: 'Everyone blocked' })).not.toBeInTheDocument())
  })
})
