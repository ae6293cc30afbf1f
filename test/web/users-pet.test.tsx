import { screen, waitFor, within } from '@testing-library/react'
import { PETS_MSG } from '@contract'
import { db } from './mocks/db'
import { trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/**
 * /users/:userId/pets/:petId: a pet's full details inside the panel, since the public pet page
 * sends a signed-in admin to the dashboard. The mock's Bruno is complete, Misty mostly empty
 * (mocks/handlers/pets.ts); both are users[0]'s.
 */

afterEach(() => vi.restoreAllMocks())

const owner = () => db.users[0]!
const petPath = (index: number, userIndex = 0) => `/users/${db.users[userIndex]!._id}/pets/${owner().pets[index]!._id}`

/** The value shown for `label` in the card named `card`. */
function field(card: string, label: string) {
  const term = within(screen.getByRole('region', { name: card })).getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

async function openPet(index: number) {
  const view = renderRoute(petPath(index), { signedInAs: 'subAdmin' })
  await screen.findByRole('region', { name: 'Pet Details' })
  return view
}

describe('a user’s pet, in the panel', () => {
  it('shows every field of the public pet page, in its words', async () => {
    await openPet(0)
    expect(screen.getByRole('heading', { level: 1, name: 'Bruno' })).toBeInTheDocument()
    const details: [string, string][] = [
      ['Pet Name', 'Bruno'],
      ['Age', '3 Years'],
      ['Species', 'Dog'],
      ['Weight (kg)', '28.5'],
      ['Breed', 'Labrador'],
      ['Size', 'Large'],
      ['Gender', 'Male'],
      ['Microchip', '985112004567891'],
      ['Date Of Birth', '2022-04-12'],
      ['Profile', 'Public'],
    ]
    for (const [label, value] of details) expect(field('Pet Details', label)).toHaveTextContent(value)
    expect(screen.getByRole('region', { name: 'Color/Marking' })).toHaveTextContent('Golden coat with a white patch on the chest')
    const vaccines = within(screen.getByRole('region', { name: 'Vaccines' })).getAllByRole('listitem')
    expect(vaccines.map((li) => li.textContent)).toEqual(['Rabies2024-03-10', 'DHPP2024-05-02'])
    expect(screen.getByRole('region', { name: 'Medical History' })).toHaveTextContent('Hip dysplasia check in 2024; all clear.')
    const medications = within(screen.getByRole('region', { name: 'Medications' })).getAllByRole('listitem')
    expect(medications.map((li) => li.textContent)).toEqual(['Carprofen 75 mg', 'Heartgard Plus'])
    expect(field('Owner Details', 'Name')).toHaveTextContent('Aarav Sharma')
    expect(field('Owner Details', 'Mobile Number')).toHaveTextContent('+91 98765432101234')
    expect(field('Owner Details', 'Email Id')).toHaveTextContent('aarav.sharma.longaddress@example.com')
    expect(field('Owner Details', 'Pet Kept Duration')).toHaveTextContent('412 Days')
  })

  it('shows the photos, each opening full size', async () => {
    await openPet(0)
    const photos = within(screen.getByRole('region', { name: 'Photos' })).getAllByRole('link')
    expect(photos.map((a) => a.getAttribute('href'))).toEqual(['/uploads/pets/bruno-1.jpg', '/uploads/pets/bruno-2.jpg', '/uploads/pets/bruno-3.jpg'])
  })

  it('words a mostly empty pet as the public page does: months, dashes, Private, no Medications', async () => {
    await openPet(1)
    expect(field('Pet Details', 'Age')).toHaveTextContent('5 Months')
    expect(field('Pet Details', 'Weight (kg)')).toHaveTextContent('Not available')
    expect(field('Pet Details', 'Breed')).toHaveTextContent('Not available')
    expect(field('Pet Details', 'Size')).toHaveTextContent('Small')
    expect(field('Pet Details', 'Gender')).toHaveTextContent('Female')
    expect(field('Pet Details', 'Profile')).toHaveTextContent('Private')
    expect(screen.getByRole('region', { name: 'Color/Marking' })).toHaveTextContent('Not available')
    expect(within(screen.getByRole('region', { name: 'Vaccines' })).getByText('No vaccines recorded.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Medications' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Photos' })).getByText('No photos added yet.')).toBeInTheDocument()
    expect(field('Owner Details', 'Pet Kept Duration')).toHaveTextContent('Not available')
  })

  it('shows the trail Users > the owner > the pet, the first two linking back', async () => {
    const { user, router } = await openPet(0)
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Users', 'Aarav Sharma', 'Bruno'])
    expect(within(trail).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users')
    await user.click(within(trail).getByRole('link', { name: 'Aarav Sharma' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${owner()._id}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Aarav Sharma' })).toBeInTheDocument()
  })

  it('offers the pet’s public link to copy', async () => {
    const { user } = await openPet(0)
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: /^Copy (the )?public link of Bruno$/ }))
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pet-details/${owner().pets[0]!._id}`)
  })

  it('says the pet was not found when it is not this user’s, with the owner in the trail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderRoute(petPath(0, 2), { signedInAs: 'admin' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: PETS_MSG.notFound })).toBeInTheDocument()
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    await waitFor(() => expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Users', 'Carlos Mendes', 'Pet']))
  })

  it('treats a pet id that cannot be an id as not found, without asking the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const requests = trackRequests(`/admin/user/${owner()._id}/pet/nope`)
    renderRoute(`/users/${owner()._id}/pets/nope`, { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: PETS_MSG.notFound })).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })
})
