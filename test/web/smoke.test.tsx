import { screen } from '@testing-library/react'
import { renderRoute } from './render'

describe('routing', () => {
  it('shows "PAGE NOT FOUND" with a Home Page link to / for an unknown path', async () => {
    renderRoute('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Home Page' })).toHaveAttribute('href', '/')
  })

  it('sends a visitor without a token from a signed-in page to / and remembers the origin', async () => {
    const { router } = renderRoute('/dashboard')
    await screen.findByRole('heading', { name: 'Login' })
    expect(router.state.location.pathname).toBe('/')
    expect(router.state.location.search).toEqual({ redirect: '/dashboard' })
  })
})
