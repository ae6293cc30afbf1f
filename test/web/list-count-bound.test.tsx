import { screen, waitFor, within } from '@testing-library/react'
import { db } from './mocks/db'
import { renderRoute } from './render'

/**
 * A search matching more rows than the API counts (over a million users, "smith" matches tens of
 * thousands): the list says "1,000+", keeps Next open and has no last page to jump to, until a
 * page proves the total.
 */

function addMany(count: number) {
  const template = db.users[0]!
  for (let i = 1; i <= count; i++) {
    db.users.push({ ...template, _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, username: `many${i}`, name: `Many ${i}`, email: `many${i}@example.com` })
  }
}

it('shows a bounded total as "1,000+" with Next open and no last page', async () => {
  addMany(1005)
  const { user } = renderRoute('/users?search=many', { signedInAs: 'admin' })
  const pages = await screen.findByRole('navigation', { name: 'Users pages' })
  await waitFor(() => expect(within(pages).getByText('1–10 of 1,000+')).toBeInTheDocument())
  expect(within(pages).getByRole('button', { name: 'Next page' })).toBeEnabled()
  expect(within(pages).getByRole('button', { name: 'Last page' })).toBeDisabled()
  await user.click(within(pages).getByRole('button', { name: 'Next page' }))
  await waitFor(() => expect(within(pages).getByText('11–20 of 1,000+')).toBeInTheDocument())
})

it('shows the exact total once the last page proves it, and the page past the bound keeps Next open', async () => {
  addMany(1005)
  const { user } = renderRoute('/users?search=many&page=100', { signedInAs: 'admin' })
  const pages = await screen.findByRole('navigation', { name: 'Users pages' })
  // Page 100 is full and ends at the bound: there may be more.
  await waitFor(() => expect(within(pages).getByText('991–1,000 of 1,000+')).toBeInTheDocument())
  await user.click(within(pages).getByRole('button', { name: 'Next page' }))
  await waitFor(() => expect(within(pages).getByText('1,001–1,005 of 1,005')).toBeInTheDocument())
  expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled()
  expect(within(pages).getByRole('button', { name: 'Last page' })).toBeDisabled()
})
