import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { USER_STATUS, USERS_MSG } from '@contract'
import { db } from './mocks/db'
import { trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/** /users/:userId: a pet owner's details, their pets, and Block/Unblock. */

/** The value shown for a label of the details' definition list. */
function field(label: string) {
  const term = within(screen.getByRole('region', { name: 'Profile' })).getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

async function openDetails(index: number) {
  const user = db.users[index]!
  const view = renderRoute(`/users/${user._id}`, { signedInAs: 'admin' })
  await screen.findByRole('region', { name: 'Profile' })
  return { ...view, person: user }
}

afterEach(() => vi.restoreAllMocks())

describe('a user’s details', () => {
  it('shows the profile as labelled fields', async () => {
    await openDetails(0)
    expect(screen.getByRole('heading', { level: 1, name: 'Aarav Sharma' })).toBeInTheDocument()
    expect(field('Email')).toHaveTextContent('aarav.sharma.longaddress@example.com')
    expect(field('Full Name')).toHaveTextContent('Aarav Sharma')
    expect(field('Phone')).toHaveTextContent('+91 98765432101234')
    expect(field('Date of Birth')).toHaveTextContent('1980-01-10')
    expect(field('Username')).toHaveTextContent('aarav_sharma')
    expect(field('Country Code')).toHaveTextContent('+91')
    expect(field('Country Abbreviation')).toHaveTextContent('IN')
    expect(field('User Status')).toHaveTextContent('Active')
    expect(field('Profile Completed')).toHaveTextContent('Yes')
    expect(field('Address')).toHaveTextContent('10 Park Street, Kolkata')
  })

  it('shows dashes for what the user has not filled in', async () => {
    await openDetails(1)
    // No full name: the username heads the page.
    expect(screen.getByRole('heading', { level: 1, name: 'bella_thompson' })).toBeInTheDocument()
    for (const label of ['Full Name', 'Phone', 'Date of Birth', 'Country Code', 'Address']) {
      expect(field(label)).toHaveTextContent('--')
    }
  })

  it('shows the trail Users > the user’s name, Users linking back to the list', async () => {
    await openDetails(0)
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Users', 'Aarav Sharma'])
    expect(within(trail).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users')
  })

  it('lists the pets with name, species, breed and photo, each with its public link to copy', async () => {
    const { person } = await openDetails(0)
    const pets = within(screen.getByRole('region', { name: 'Pets' })).getAllByRole('listitem')
    expect(pets).toHaveLength(2)
    const [bruno, misty] = pets as [HTMLElement, HTMLElement]
    expect(within(bruno).getByRole('heading', { name: 'Bruno' })).toBeInTheDocument()
    expect(within(bruno).getByText('Species:').nextElementSibling).toHaveTextContent('Dog')
    expect(within(bruno).getByText('Breed:').nextElementSibling).toHaveTextContent('Labrador')
    expect(within(bruno).getByRole('img', { name: 'Bruno' })).toHaveAttribute('src', '/uploads/bruno.jpg')
    expect(within(bruno).getByText(`${window.location.origin}/pet-details/${person.pets[0]!._id}`)).toBeInTheDocument()
    // Opening the public page here would bounce a signed-in admin to the dashboard: it is copied,
    // not followed, and the one link goes to the pet's details inside the panel.
    expect(within(bruno).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([`/users/${person._id}/pets/${person.pets[0]!._id}`])
    // No breed, no photo.
    expect(within(misty).getByText('Species:').nextElementSibling).toHaveTextContent('Cat')
    expect(within(misty).getByText('Breed:').nextElementSibling).toHaveTextContent('--')
    // The panel's own placeholder, not an emoji (an empty box without an emoji font).
    expect(within(misty).getByRole('img', { name: 'Misty: no photo' })).toHaveAttribute('src', '/images/placeholder.svg')
    expect(within(misty).queryByText(/\p{Extended_Pictographic}/u)).not.toBeInTheDocument()
  })

  it('opens a pet’s full details from its "View details" link', async () => {
    const { user, router, person } = await openDetails(0)
    await user.click(screen.getByRole('link', { name: 'View details of Misty' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Misty' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/users/${person._id}/pets/${person.pets[1]!._id}`)
    expect(screen.getByRole('region', { name: 'Pet Details' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Pet: Misty · Petcare Admin'))
  })

  it('copies a pet’s public link and says so', async () => {
    const { person } = await openDetails(0)
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await userEvent.click(screen.getByRole('button', { name: 'Copy public link of Bruno' }))
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pet-details/${person.pets[0]!._id}`)
    expect(await screen.findByText('Pet link copied')).toBeInTheDocument()
  })

  it('says how to copy the link by hand when the clipboard refuses', async () => {
    await openDetails(0)
    const writeText = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await userEvent.click(screen.getByRole('button', { name: 'Copy public link of Bruno' }))
    expect(await screen.findByText('The link could not be copied. Select it and copy it by hand.')).toBeInTheDocument()
  })

  it('says so when the user has no pets', async () => {
    await openDetails(3)
    expect(within(screen.getByRole('region', { name: 'Pets' })).getByText('No pets added yet.')).toBeInTheDocument()
  })

  it('blocks the user after confirming: the status changes at once and the server message shows', async () => {
    const { user, person } = await openDetails(0)
    const requests = trackRequests(`/admin/user/block-unblock/${person._id}`)
    const block = screen.getByRole('button', { name: 'Block' })
    await user.click(block)
    const dialog = await screen.findByRole('dialog', { name: 'Block user?' })
    await user.click(within(dialog).getByRole('button', { name: 'Block' }))
    await waitFor(() => expect(field('User Status')).toHaveTextContent('Blocked'))
    expect(await screen.findByText(USERS_MSG.blocked)).toBeInTheDocument()
    expect(requests.map((q) => q.get('status'))).toEqual(['2'])
    expect(db.users[0]!.status).toBe(USER_STATUS.BLOCKED)
    // Focus goes back to the page's button, which now offers the opposite.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unblock' })).toHaveFocus())
  })

  it('says the user was not found for an unknown id, with a way back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, router } = renderRoute('/users/7b0e1c2a-0000-4000-8000-999999999999', { signedInAs: 'admin' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: USERS_MSG.notFound })).toBeInTheDocument()
    // Inside the layout: the top bar and its menu are still there.
    expect(screen.getByRole('button', { name: 'Main menu' })).toBeInTheDocument()
    await user.click(within(alert).getByRole('link', { name: 'Back to Users' }))
    await screen.findByRole('table', { name: 'Users' })
    expect(router.state.location.pathname).toBe('/users')
  })

  it('treats an address id that cannot be an id as not found, without asking the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const requests = trackRequests('/admin/user/not-an-id')
    renderRoute('/users/not-an-id', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: USERS_MSG.notFound })).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })
})

describe('from the users list', () => {
  it('opens a user’s details from the view link, fetched ahead while the pointer rests on it', async () => {
    const { user, router } = renderRoute('/users', { signedInAs: 'admin' })
    const link = await screen.findByRole('link', { name: 'View carlos_mendes' })
    const requests = trackRequests(`/admin/user/${db.users[2]!._id}`)
    await user.hover(link)
    await waitFor(() => expect(requests).toHaveLength(1))
    await user.click(link)
    expect(await screen.findByRole('heading', { level: 1, name: 'Carlos Mendes' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/users/${db.users[2]!._id}`)
    // The preloaded answer was used, not fetched again.
    expect(requests).toHaveLength(1)
  })
})
