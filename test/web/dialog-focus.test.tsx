import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { db } from './mocks/db'
import { notificationsDb } from './mocks/handlers/notifications'
import { placesDb } from './mocks/handlers/places'
import { renderRoute } from './render'

/**
 * Every dialog gives the focus back to the control that opened it, on a visit's first dialog too.
 * Headless UI's Dialog returns it to the latest of the last ten elements it saw focused or pressed,
 * recorded from when its code loaded. In the app that code loads when the first dialog opens,
 * after its opener took the focus, so that record holds nothing of the page; the tests load it up
 * front. `asOnFirstDialog` puts the record in the same state: as the opener is pressed, Headless
 * UI sees ten presses on elements that then leave the page.
 */
function asOnFirstDialog(opener: HTMLElement) {
  const forget = () => {
    const gone = Array.from({ length: 10 }, () => document.body.appendChild(document.createElement('div')))
    for (const element of gone) element.dispatchEvent(new MouseEvent('mousedown'))
    for (const element of gone) element.remove()
  }
  opener.addEventListener('click', forget, { once: true, capture: true })
}

/** Tabs from the start of the page to `target`, as a keyboard user would (at most 200 presses). */
async function tabTo(user: UserEvent, target: HTMLElement) {
  for (let i = 0; i < 200 && document.activeElement !== target; i++) await user.tab()
  expect(target).toHaveFocus()
}

/** Tab to the opener, Enter; `close` closes the dialog; then the focus is on the opener, and Tab goes on from there. */
async function opensAndReturns(user: UserEvent, opener: HTMLElement, dialogName: string, close: (dialog: HTMLElement) => Promise<void>) {
  asOnFirstDialog(opener)
  await tabTo(user, opener)
  await user.keyboard('{Enter}')
  const dialog = await screen.findByRole('dialog', { name: dialogName })
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
  await close(dialog)
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  await waitFor(() => expect(opener).toHaveFocus())
}

const pressEscape = (user: UserEvent) => () => user.keyboard('{Escape}')
const pressCancel = (user: UserEvent) => async (dialog: HTMLElement) => {
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
}

describe('the focus after a dialog, on the first dialog of a visit', () => {
  it('/users: Block, then Escape: back on that Block button', async () => {
    const { user } = renderRoute('/users', { signedInAs: 'admin' })
    await screen.findByText('carlos_mendes')
    await opensAndReturns(user, screen.getByRole('button', { name: 'Block carlos_mendes' }), 'Block user?', pressEscape(user))
  })

  it('/users: Block, then Cancel: back on that Block button', async () => {
    const { user } = renderRoute('/users', { signedInAs: 'admin' })
    await screen.findByText('carlos_mendes')
    await opensAndReturns(user, screen.getByRole('button', { name: 'Block carlos_mendes' }), 'Block user?', pressCancel(user))
  })

  it('/pet-shops: Delete, then Cancel: back on that Delete button', async () => {
    const shop = placesDb('petShop')[0]!
    const { user } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: shop.name })
    await opensAndReturns(user, screen.getByRole('button', { name: `Delete ${shop.name}` }), 'Delete pet shop?', pressCancel(user))
  })

  it('/notifications: Delete, then Escape: back on that Delete button', async () => {
    const item = notificationsDb()[1]!
    const { user } = renderRoute('/notifications', { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: item.title })
    await opensAndReturns(user, screen.getByRole('button', { name: `Delete ${item.title}` }), 'Delete notification?', pressEscape(user))
  })

  it('/notifications: Send Notification, then Escape: back on Send Notification', async () => {
    const { user } = renderRoute('/notifications', { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
    await opensAndReturns(user, screen.getByRole('button', { name: 'Send Notification' }), 'Send Notification', pressEscape(user))
  })

  it("a user's details: Block, then Escape: back on Block", async () => {
    const person = db.users[0]!
    const { user } = renderRoute(`/users/${person._id}`, { signedInAs: 'admin' })
    await screen.findByRole('region', { name: 'Profile' })
    await opensAndReturns(user, screen.getByRole('button', { name: 'Block' }), 'Block user?', pressEscape(user))
  })
})
