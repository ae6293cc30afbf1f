import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { CITY_MSG, NOTIFICATIONS_MSG } from '@contract'
import { api, db } from './mocks/db'
import { notificationsDb } from './mocks/handlers/notifications'
import { gate, idempotencyKeysOf, UUID_V4 } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/**
 * Creates are sent with an Idempotency-Key (lib/submission-key.ts): one random UUID per form
 * submission, the same on a retry of that submission, a new one for the next; and the submit
 * button cannot be pressed again while one is on its way.
 */

type User = ReturnType<typeof renderRoute>['user']

/** Opens the send dialog and fills it with the same values every time. */
async function fillSendDialog(user: User) {
  await user.click(screen.getByRole('button', { name: 'Send Notification' }))
  const dialog = await screen.findByRole('dialog', { name: 'Send Notification' })
  await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Clinic closed')
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Closed on Monday.')
  return { dialog, send: within(dialog).getByRole('button', { name: 'Send' }) }
}

async function openSendDialog() {
  const view = renderRoute('/notifications', { signedInAs: 'admin' })
  await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
  return { ...view, ...(await fillSendDialog(view.user)) }
}

describe('sending a notification', () => {
  it('sends an Idempotency-Key, and the Send button cannot be pressed again while it is on its way', async () => {
    const held = gate()
    server.use(http.post(api('/admin/notification'), () => held.wait()))
    const keys = idempotencyKeysOf('/admin/notification')
    const before = notificationsDb().length
    const { user, send } = await openSendDialog()
    await user.click(send)
    await waitFor(() => expect(keys).toHaveLength(1))
    expect(keys[0]).toMatch(UUID_V4)
    expect(send).toBeDisabled()
    await user.click(send)
    held.open()
    expect(await screen.findByText(NOTIFICATIONS_MSG.sent)).toBeInTheDocument()
    expect(keys).toHaveLength(1)
    expect(notificationsDb()).toHaveLength(before + 1)
  })

  it('sends the same key again on a retry of the same submission, and a new key for the next one', async () => {
    server.use(http.post(api('/admin/notification'), () => HttpResponse.error(), { once: true }))
    const keys = idempotencyKeysOf('/admin/notification')
    const { user, send, dialog } = await openSendDialog()
    await user.click(send) // no answer arrives
    await waitFor(() => expect(keys).toHaveLength(1))
    await waitFor(() => expect(send).toBeEnabled())
    await user.click(send) // the person tries again
    expect(await screen.findByText(NOTIFICATIONS_MSG.sent)).toBeInTheDocument()
    expect(keys).toEqual([keys[0], keys[0]])
    await waitFor(() => expect(dialog).not.toBeInTheDocument())

    await user.click((await fillSendDialog(user)).send) // the same values, sent anew
    await waitFor(() => expect(keys).toHaveLength(3))
    expect(keys[2]).toMatch(UUID_V4)
    expect(keys[2]).not.toBe(keys[0])
  })
})

describe('the other create forms', () => {
  it('adds a city with an Idempotency-Key', async () => {
    const keys = idempotencyKeysOf('/admin/city')
    const { user } = renderRoute('/content-management', { signedInAs: 'admin' })
    await within(await screen.findByRole('table', { name: 'Cities' })).findByRole('link', { name: db.cities[0]!.name })
    await user.click(screen.getByRole('button', { name: 'Add City' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add City' })
    await user.type(within(dialog).getByLabelText('Name'), 'Chennai{Enter}')
    expect(await screen.findByText(CITY_MSG.created)).toBeInTheDocument()
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(UUID_V4)
  })

  it('adds a FAQ with an Idempotency-Key', async () => {
    const keys = idempotencyKeysOf('/admin/faq')
    const { user } = renderRoute('/settings/faqs', { signedInAs: 'admin' })
    await screen.findByRole('list', { name: "FAQ's" })
    await user.click(screen.getByRole('button', { name: 'Add FAQ' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add FAQ' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Can I bring a cat?')
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Yes, on a lead.')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(UUID_V4)
  })
})
