import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { AUTH_MSG, MSG, PROFILE_MSG, UPLOAD_MSG } from '@contract'
import { authStore } from '@/lib/auth'
import { PERSIST_KEY, RECENT_KEY_PREFIX, THEME_KEY } from '@/lib/storage-keys'
import { api, db, fail } from './mocks/db'
import { UPLOAD_URL } from './mocks/handlers/uploads'
import { holdUploadPosts } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** Holds the matching calls until `release()`, then lets the usual handler answer them. */
function holdCalls(method: 'put' | 'post', path: string) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  server.use(
    http[method](api(path), async () => {
      await gate
    }),
  )
  return release
}

async function openProfileMenu(role: 'admin' | 'subAdmin' = 'admin') {
  const view = renderRoute('/dashboard', { signedInAs: role })
  await view.user.click(await screen.findByRole('button', { name: 'Profile menu' }))
  await screen.findByRole('button', { name: 'Log out' })
  return view
}

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type })

describe('the profile menu', () => {
  it('shows the picture button, the name, the email and Log out', async () => {
    await openProfileMenu()
    expect(screen.getByRole('button', { name: 'Change profile picture' })).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('Asha Admin')
    expect(screen.getByText('admin@petcare.local')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument()
  })

  it('keeps the confirm tick disabled until the name differs from the stored one', async () => {
    const { user } = await openProfileMenu()
    const tick = screen.getByRole('button', { name: 'Save name' })
    const name = screen.getByLabelText('Name')
    expect(tick).toBeDisabled()
    await user.type(name, ' ')
    expect(tick).toBeDisabled()
    await user.type(name, 'Rao')
    expect(tick).toBeEnabled()
    await user.clear(name)
    await user.type(name, 'Asha Admin')
    expect(tick).toBeDisabled()
  })

  it('shows "Updating..." while the name is saved, then the server message and the new name in the top bar', async () => {
    const { user } = await openProfileMenu()
    const release = holdCalls('put', '/admin/edit')
    const name = screen.getByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'Asha Rao')
    await user.click(screen.getByRole('button', { name: 'Save name' }))
    expect(await screen.findByText('Updating...')).toBeInTheDocument()
    release()
    expect(await screen.findByText(PROFILE_MSG.updated)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Updating...')).not.toBeInTheDocument())
    expect(within(screen.getByRole('banner')).getByText('Asha Rao')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(PERSIST_KEY)!).auth.userDetails.name).toBe('Asha Rao')
    expect(screen.getByRole('button', { name: 'Save name' })).toBeDisabled()
  })

  it('shows "Enter the required field" for an emptied name and sends nothing', async () => {
    const { user } = await openProfileMenu()
    await user.clear(screen.getByLabelText('Name'))
    await user.click(screen.getByRole('button', { name: 'Save name' }))
    expect(await screen.findByText(MSG.required)).toBeInTheDocument()
    expect(screen.queryByText('Updating...')).not.toBeInTheDocument()
  })

  it('refuses a picture over 1 MB with "Selected image exceeded 1MB and was not added." and uploads nothing', async () => {
    const { user } = await openProfileMenu()
    await user.upload(screen.getByLabelText('Profile picture file'), file('big.png', 'image/png', 1_048_577))
    expect(await screen.findByText('Selected image exceeded 1MB and was not added.')).toBeInTheDocument()
    expect(db.uploads.signings).toHaveLength(0)
  })

  it('refuses a picture that is not a jpg, jpeg or png and uploads nothing', async () => {
    await openProfileMenu()
    // A person can pick "All files" in the browser's dialog, past the accept filter.
    const anyFile = userEvent.setup({ applyAccept: false })
    await anyFile.upload(screen.getByLabelText('Profile picture file'), file('cat.gif', 'image/gif', 2_000))
    expect(await screen.findByText('Only JPG, JPEG or PNG images can be chosen.')).toBeInTheDocument()
    expect(db.uploads.signings).toHaveLength(0)
  })

  it('offers only jpg, jpeg and png in the picture chooser', async () => {
    await openProfileMenu()
    expect(screen.getByLabelText('Profile picture file')).toHaveAttribute('accept', '.jpg,.jpeg,.png,image/jpeg,image/png')
  })

  it('uploads a jpeg of exactly 1 MB into the profile folder, saves it with PUT admin/edit and shows it in the top bar', async () => {
    const saved: unknown[] = []
    server.use(
      http.put(api('/admin/edit'), async ({ request }) => {
        saved.push(await request.clone().json())
      }),
    )
    const { user } = await openProfileMenu()
    await user.upload(screen.getByLabelText('Profile picture file'), file('me.jpeg', 'image/jpeg', 1_048_576))
    expect(await screen.findByText(PROFILE_MSG.updated)).toBeInTheDocument()
    const url = `${UPLOAD_URL}profile/1.jpg`
    expect(db.uploads.signings).toEqual([[{ fileName: 'me.jpeg', mimeType: 'image/jpeg', folderType: 'profile' }]])
    expect(db.uploads.stored).toEqual(new Set(['profile/1.jpg']))
    expect(saved).toEqual([{ name: 'Asha Admin', profileImage: url }])
    const banner = screen.getByRole('banner')
    await waitFor(() => expect(within(banner).getAllByRole('img', { name: 'Profile picture' })[0]).toHaveAttribute('src', url))
    expect(JSON.parse(localStorage.getItem(PERSIST_KEY)!).auth.userDetails.profileImage).toBe(url)
  })

  it('shows the picture as busy while it uploads', async () => {
    const posts = holdUploadPosts()
    const { user } = await openProfileMenu()
    await user.upload(screen.getByLabelText('Profile picture file'), file('me.png', 'image/png', 2_000))
    await waitFor(() => expect(posts).toHaveLength(1))
    const button = screen.getByRole('button', { name: 'Change profile picture' })
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(button).toBeDisabled()
    posts[0]!.respond(204)
    expect(await screen.findByText(PROFILE_MSG.updated)).toBeInTheDocument()
    await waitFor(() => expect(button).toBeEnabled())
  })

  it('shows "Failed to upload image" when the storage refuses the picture, and keeps the old one', async () => {
    server.use(http.post('*/uploads/', () => fail('FORBIDDEN', UPLOAD_MSG.expired)))
    const { user } = await openProfileMenu()
    await user.upload(screen.getByLabelText('Profile picture file'), file('me.png', 'image/png', 2_000))
    expect(await screen.findByText(MSG.pictureUploadFailed)).toBeInTheDocument()
    expect(screen.queryByText('Updating...')).not.toBeInTheDocument()
    expect(db.admins[0]!.profileImage).toBeNull()
    expect(within(screen.getByRole('banner')).getAllByRole('img', { name: 'Default profile picture' }).length).toBeGreaterThan(0)
  })

  it('shows "Failed to upload image" when the upload link cannot be had', async () => {
    server.use(http.post(api('/common/upload'), () => new Response(null, { status: 500 })))
    const { user } = await openProfileMenu()
    await user.upload(screen.getByLabelText('Profile picture file'), file('me.png', 'image/png', 2_000))
    expect(await screen.findByText(MSG.pictureUploadFailed)).toBeInTheDocument()
    expect(db.admins[0]!.profileImage).toBeNull()
  })

  it('shows the server message when the uploaded picture cannot be saved', async () => {
    server.use(http.put(api('/admin/edit'), () => fail('INTERNAL', 'The profile could not be saved')))
    const { user } = await openProfileMenu()
    await user.upload(screen.getByLabelText('Profile picture file'), file('me.png', 'image/png', 2_000))
    expect(await screen.findByText('The profile could not be saved')).toBeInTheDocument()
    expect(screen.queryByText(MSG.pictureUploadFailed)).not.toBeInTheDocument()
    expect(db.uploads.stored).toEqual(new Set(['profile/1.png']))
    expect(db.admins[0]!.profileImage).toBeNull()
  })

  it('opens the picture chooser from the avatar button', async () => {
    const { user } = await openProfileMenu()
    const input = screen.getByLabelText('Profile picture file')
    const opened = vi.fn()
    input.addEventListener('click', opened)
    await user.click(screen.getByRole('button', { name: 'Change profile picture' }))
    expect(opened).toHaveBeenCalledOnce()
  })

  it("logs out: \"Logout...\", the server message, the panel's local storage emptied and back on /", async () => {
    const { user, router } = await openProfileMenu('subAdmin')
    localStorage.setItem(THEME_KEY, 'dark')
    localStorage.setItem(`${RECENT_KEY_PREFIX}${authStore.get().id}`, '[]')
    localStorage.setItem('another-app-on-this-origin', 'kept')
    const release = holdCalls('post', '/admin/logout/:id')
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    expect(await screen.findByText('Logout...')).toBeInTheDocument()
    release()
    expect(await screen.findByText(AUTH_MSG.loggedOut)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(Object.keys(localStorage)).toEqual(['another-app-on-this-origin'])
    await waitFor(() => expect(screen.queryByText('Logout...')).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Profile menu' })).not.toBeInTheDocument()
  })

  it('stays signed in when the logout call fails', async () => {
    server.use(http.post(api('/admin/logout/:id'), () => new Response(null, { status: 503, statusText: 'Service Unavailable' })))
    const { user, router } = await openProfileMenu()
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(screen.queryByText('Logout...')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(localStorage.getItem(PERSIST_KEY)).not.toBeNull()
  })
})

// Silence the HTTP client's log of the 503 above.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => vi.restoreAllMocks())
