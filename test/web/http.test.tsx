import { act, screen, waitFor } from '@testing-library/react'
import { HttpResponse, delay, http } from 'msw'
import { AUTH_MSG, MSG } from '@contract'
import { authStore } from '@/lib/auth'
import { THEME_KEY } from '@/lib/storage-keys'
import { api, fail } from './mocks/db'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** Open the login screen and submit a valid form: the call whose answer each test decides. */
async function submitLogin() {
  const view = renderRoute('/')
  await view.user.type(await screen.findByLabelText('Email'), 'admin@petcare.local')
  await view.user.type(screen.getByLabelText('Password'), 'Admin@123')
  await view.user.click(screen.getByRole('button', { name: 'Login' }))
  return view
}

const answerLogin = (resolver: Parameters<typeof http.post>[1]) => server.use(http.post(api('/admin/login'), resolver))

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the HTTP client', () => {
  it("ends the session, empties the panel's local storage and goes to / when a signed-in call answers 401", async () => {
    server.use(http.get(api('/admin/dashboard'), () => fail('UNAUTHORIZED', 'Session expired. Please sign in again.')))
    localStorage.setItem(THEME_KEY, 'dark')
    localStorage.setItem('another-app-on-this-origin', 'kept')
    const { router } = renderRoute('/dashboard', { signedInAs: 'admin' })

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(authStore.get().accessToken).toBeNull()
    expect(Object.keys(localStorage)).toEqual(['another-app-on-this-origin'])
  })

  it('shows "Request timeout. Please try again." when no answer comes within 30 seconds', async () => {
    answerLogin(async () => {
      await delay('infinite')
      return HttpResponse.json({})
    })
    const { user } = renderRoute('/')
    await user.type(await screen.findByLabelText('Email'), 'admin@petcare.local')
    await user.type(screen.getByLabelText('Password'), 'Admin@123')
    // The clock is faked from the moment the request leaves, so the 30 s pass at once.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled()

    act(() => vi.advanceTimersByTime(29_900))
    expect(screen.queryByText(MSG.timeout)).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(200))

    expect(await screen.findByText(MSG.timeout)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled())
  })

  it('shows "Please check your internet connections." when no response arrives', async () => {
    answerLogin(() => HttpResponse.error())
    await submitLogin()
    expect(await screen.findByText(MSG.networkNotice)).toBeInTheDocument()
  })

  it("shows the body's error.message before its message", async () => {
    answerLogin(() =>
      HttpResponse.json(
        { isSuccess: false, message: 'Outer message', error: { code: 'CONFLICT', message: 'Inner message' } },
        { status: 409 },
      ),
    )
    await submitLogin()
    expect(await screen.findByText('Inner message')).toBeInTheDocument()
    expect(screen.queryByText('Outer message')).not.toBeInTheDocument()
  })

  it("shows the body's message before the status text", async () => {
    answerLogin(() => HttpResponse.json({ isSuccess: false, message: 'Outer message' }, { status: 409, statusText: 'Conflict' }))
    await submitLogin()
    expect(await screen.findByText('Outer message')).toBeInTheDocument()
    expect(screen.queryByText('Conflict')).not.toBeInTheDocument()
  })

  it('shows the status text when the body says nothing', async () => {
    answerLogin(() => new HttpResponse('not json', { status: 409, statusText: 'Conflict' }))
    await submitLogin()
    expect(await screen.findByText('Conflict')).toBeInTheDocument()
  })

  it('shows "OOPS! something went wrong" when neither the body nor the status says anything', async () => {
    answerLogin(() => new Response(null, { status: 400, statusText: '' }))
    await submitLogin()
    expect(await screen.findByText(MSG.fallback)).toBeInTheDocument()
  })

  it('only logs a 500, showing no toast', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    answerLogin(() => fail('INTERNAL', 'Database unavailable'))
    await submitLogin()
    await waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('Database unavailable')))
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled()
  })

  it('sends Content-Type JSON, language EN and platform web, and no Authorization when signed out', async () => {
    const seen: Headers[] = []
    answerLogin(({ request }) => {
      seen.push(request.headers)
      return fail('UNAUTHORIZED', AUTH_MSG.badCredentials)
    })
    await submitLogin()
    await waitFor(() => expect(seen).toHaveLength(1))
    expect(seen[0]!.get('Content-Type')).toBe('application/json')
    expect(seen[0]!.get('language')).toBe('EN')
    expect(seen[0]!.get('platform')).toBe('web')
    expect(seen[0]!.has('Authorization')).toBe(false)
  })

  it('sends the bearer token and the platform headers on a signed-in call', async () => {
    const seen: Headers[] = []
    server.use(
      http.get(api('/admin/dashboard'), ({ request }) => {
        seen.push(request.headers)
        return HttpResponse.json({ isSuccess: true, message: 'ok', data: { users: 1, petShops: 2, hospitals: 3, partnerRequests: 4 } })
      }),
    )
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const token = authStore.get().accessToken
    await waitFor(() => expect(seen).toHaveLength(1))
    expect(seen[0]!.get('Authorization')).toBe(`Bearer ${token}`)
    expect(seen[0]!.get('Content-Type')).toBe('application/json')
    expect(seen[0]!.get('language')).toBe('EN')
    expect(seen[0]!.get('platform')).toBe('web')
  })
})
