import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { collapseCrumbs, crumbsFromPath, type Crumb } from '@/components/layout/crumbs'
import { renderRoute } from './render'

const names = (path: string) => crumbsFromPath(path).map((c) => c.name)

describe('the automatic breadcrumb rule', () => {
  it('names /pet-shops/details/ab12 "Pet Shops" > "Details", dropping the id', () => {
    expect(crumbsFromPath('/pet-shops/details/ab12')).toEqual([
      { name: 'Pet Shops', path: '/pet-shops' },
      { name: 'Details', path: '/pet-shops/details' },
    ])
  })

  it('turns hyphens into spaces and capitalises every word', () => {
    expect(names('/notifications/notification-detail')).toEqual(['Notifications', 'Notification Detail'])
  })

  it('drops segments that start with letters followed by digits', () => {
    expect(names('/users/u123')).toEqual(['Users'])
    expect(names('/cities/a1b2/sites')).toEqual(['Cities', 'Sites'])
  })

  it('keeps the full path of an earlier crumb when an id sits before it', () => {
    expect(crumbsFromPath('/cities/a1b2/sites').at(-1)).toEqual({ name: 'Sites', path: '/cities/a1b2/sites' })
  })

  it('also drops UUIDs and plain numbers, which the API uses as ids', () => {
    expect(names('/hospitals/edit/0b8f3c1e-5d2a-4e7b-9c1d-2f3a4b5c6d7e')).toEqual(['Hospitals', 'Edit'])
    expect(names('/feedback/42')).toEqual(['Feedback'])
  })

  it('keeps every item up to 8', () => {
    const eight = Array.from({ length: 8 }, (_, i) => i)
    expect(collapseCrumbs(eight)).toEqual({ head: eight, hidden: 0, tail: [] })
  })

  it('collapses past 8 items to the first, an ellipsis and the last two', () => {
    const nine = Array.from({ length: 9 }, (_, i) => i)
    expect(collapseCrumbs(nine)).toEqual({ head: [0], hidden: 6, tail: [7, 8] })
  })
})

function renderCrumbs(items: Crumb[]) {
  const rootRoute = createRootRoute({ component: () => <Breadcrumbs items={items} /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(<RouterProvider router={router} />)
  return userEvent.setup()
}

describe('the breadcrumb bar', () => {
  it('shows the last item as plain text and earlier ones as links on a signed-in page', async () => {
    renderRoute('/settings/change-password', { signedInAs: 'admin' })
    const bar = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    expect(within(bar).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings')
    expect(within(bar).queryByRole('link', { name: 'Change Password' })).not.toBeInTheDocument()
    expect(within(bar).getByText('Change Password')).toHaveAttribute('aria-current', 'page')
  })

  it('shows a given list of name/path pairs instead of the path', async () => {
    renderCrumbs([
      { name: 'Notifications', path: '/notifications' },
      { name: 'Details', path: '/notifications/notification-detail/n1' },
    ])
    const bar = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    expect(within(bar).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications')
    expect(within(bar).getByText('Details')).toHaveAttribute('aria-current', 'page')
  })

  it('shows the first item, an ellipsis and the last two when there are more than 8', async () => {
    renderCrumbs(Array.from({ length: 9 }, (_, i) => ({ name: `Level ${i + 1}`, path: `/level-${i + 1}` })))
    const bar = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    expect(within(bar).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Level 1', '…', 'Level 8', 'Level 9'])
  })

  it('expands the whole trail when the ellipsis is pressed, focusing the first revealed item', async () => {
    const user = renderCrumbs(Array.from({ length: 9 }, (_, i) => ({ name: `Level ${i + 1}`, path: `/level-${i + 1}` })))
    await user.click(await screen.findByRole('button', { name: 'Show 6 more breadcrumbs' }))
    const bar = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(bar).getAllByRole('listitem')).toHaveLength(9)
    expect(within(bar).getByRole('link', { name: 'Level 2' })).toHaveFocus()
  })
})
