import { screen, within } from '@testing-library/react'
import { phoneNumber } from '@contract'
import { db } from './mocks/db'
import { feedbackDb } from './mocks/handlers/feedback'
import { notificationsDb } from './mocks/handlers/notifications'
import { renderRoute } from './render'

/** A pet owner's phone is shown with its country code wherever it appears: '+91 9876543210'. */

const aarav = () => db.users.find((u) => u.username === 'aarav_sharma')!
/** What a table shows: the code, then the number cut to 12 characters (its whole read out). */
const shownInTable = () => `${aarav().countryCode} ${aarav().mobileNo!.slice(0, 12)}`

describe('phone numbers with their country code', { timeout: 15_000 }, () => {
  it('in the send dialog’s user picker', async () => {
    const { user } = renderRoute('/notifications', { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
    await user.click(screen.getByRole('button', { name: 'Send Notification' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send Notification' })
    await user.click(within(dialog).getByRole('radio', { name: 'Selected Users' }))
    const row = (await within(dialog).findByRole('checkbox', { name: 'Select aarav_sharma' })).closest('tr')!
    expect(phoneNumber(aarav().countryCode, aarav().mobileNo)).toMatch(/^\+91 \d+$/)
    expect(row.textContent).toContain(shownInTable())
  })

  it('in a notification’s recipients', async () => {
    const notification = notificationsDb().find((n) => n.users.some((u) => u._id === aarav()._id))!
    renderRoute(`/notifications/notification-detail/${notification._id}/recipients`, { signedInAs: 'admin' })
    const row = (await screen.findByText('aarav_sharma')).closest('tr')!
    expect(row.textContent).toContain(shownInTable())
  })

  it('in a feedback’s user details', async () => {
    const item = feedbackDb().find((f) => f.user?.mobileNo)!
    const owner = db.users.find((u) => u._id === item.user!._id)!
    renderRoute(`/feedback/${item._id}`, { signedInAs: 'admin' })
    const details = await screen.findByRole('region', { name: 'User Details' })
    const value = within(details).getByText('Mobile No.', { selector: 'dt' }).nextElementSibling
    expect(value).toHaveTextContent(phoneNumber(owner.countryCode, owner.mobileNo)!)
    expect(value?.textContent).toMatch(/^\+\d+ /)
  })
})
