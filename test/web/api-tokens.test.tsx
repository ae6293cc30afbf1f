import { screen, waitFor, within } from '@testing-library/react'
import { API_TOKEN_PATTERN, API_TOKENS_MSG } from '@contract'
import { API_TOKENS_ADMIN_ONLY, API_TOKENS_EMPTY } from '@/features/api-tokens/ApiTokensPage'
import { CREATE_TOKEN_TEXT } from '@/features/api-tokens/CreateApiTokenDialog'
import { apiTokensDb, seedApiToken } from './mocks/handlers/api-tokens'
import { captureBodies, trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/** Settings > API tokens (issue 37 §1). */

const tokenCard = (name: string) => within(screen.getByRole('list', { name: 'API tokens' })).getByRole('listitem', { name })

async function openTokens() {
  const view = renderRoute('/settings/api-tokens', { signedInAs: 'admin' })
  await screen.findByRole('button', { name: 'Create Token' })
  return view
}

afterEach(() => vi.restoreAllMocks())

describe('Settings > API tokens', () => {
  it('lists each token with its scopes, dates, last use and status', async () => {
    seedApiToken({ name: 'App backend', scopes: ['read', 'users:write'], lastUsedAt: '2025-02-03T08:30:00.000Z', expiresAt: '2026-01-01T00:00:00.000Z' })
    seedApiToken({ name: 'Old importer', status: 'revoked', revokedAt: '2025-02-02T10:00:00.000Z' })
    await openTokens()
    const card = await waitFor(() => tokenCard('App backend'))
    expect(within(card).getByText('users:write')).toBeInTheDocument()
    expect(within(card).getByText('read')).toBeInTheDocument()
    expect(within(card).getByText('Active')).toBeInTheDocument()
    expect(within(card).getByText('2025-02-03, 08:30')).toBeInTheDocument()
    expect(within(card).getByText('2025-02-01, 10:00')).toBeInTheDocument()
    expect(within(card).getByText('pct_…abcd')).toBeInTheDocument()
    const revoked = tokenCard('Old importer')
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument()
    expect(within(revoked).getAllByText('Never')).toHaveLength(2) // expires, last used
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument()
  })

  it('says so when there is none', async () => {
    await openTokens()
    expect(await screen.findByText(API_TOKENS_EMPTY)).toBeInTheDocument()
  })

  it('creates a token and shows its secret once, with Copy and a curl example', async () => {
    const { user } = await openTokens()
    const bodies = captureBodies('POST', '/admin/api-tokens')
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Create Token' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create API Token' })
    await user.type(within(dialog).getByLabelText('Name'), 'App backend')
    await user.click(within(dialog).getByRole('checkbox', { name: /users:write/ }))
    await user.click(within(dialog).getByRole('checkbox', { name: /^read/ }))
    await user.type(within(dialog).getByLabelText('Expires on (optional)'), '2031-06-30')
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }))

    const shown = await screen.findByRole('dialog', { name: 'Token created' })
    expect(within(shown).getByText(CREATE_TOKEN_TEXT.once)).toBeInTheDocument()
    const secret = (within(shown).getByLabelText('Token for App backend') as HTMLInputElement).value
    expect(secret).toMatch(API_TOKEN_PATTERN)
    expect(within(shown).getByText(new RegExp(`curl -H "Authorization: Bearer ${secret}" .*/api/v1/integration/token`))).toBeInTheDocument()
    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith(secret)
    expect(await screen.findByText(CREATE_TOKEN_TEXT.copied)).toBeInTheDocument()

    expect(bodies).toHaveLength(1)
    const sent = bodies[0] as { name: string; scopes: string[]; expiresAt: string }
    expect(sent).toMatchObject({ name: 'App backend', scopes: ['users:write', 'read'] })
    // The end of the picked day where the admin is.
    expect(new Date(sent.expiresAt).getTime()).toBe(new Date(2031, 5, 30, 23, 59, 59, 999).getTime())

    await user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Listed now (the list was refreshed), and the secret is nowhere on the page any more.
    expect(await waitFor(() => tokenCard('App backend'))).toBeInTheDocument()
    expect(document.body.textContent).not.toContain(secret)
    await user.click(screen.getByRole('button', { name: 'Create Token' }))
    expect(await screen.findByRole('dialog', { name: 'Create API Token' })).toBeInTheDocument()
    expect(document.body.textContent).not.toContain(secret)
  })

  it('shows the field messages: a name and at least one scope', async () => {
    const { user } = await openTokens()
    await user.click(screen.getByRole('button', { name: 'Create Token' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create API Token' })
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }))
    expect(await within(dialog).findByText(API_TOKENS_MSG.nameRequired)).toBeInTheDocument()
    expect(within(dialog).getByText(API_TOKENS_MSG.scopesRequired)).toBeInTheDocument()
    expect(apiTokensDb()).toHaveLength(0)
  })

  it('revokes a token after a confirmation', async () => {
    seedApiToken({ name: 'App backend' })
    const { user } = await openTokens()
    await user.click(await screen.findByRole('button', { name: 'Revoke App backend' }))
    const confirm = await screen.findByRole('dialog', { name: 'Revoke App backend?' })
    expect(confirm).toHaveTextContent('refused from now on')
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByText(API_TOKENS_MSG.revoked)).toBeInTheDocument()
    await waitFor(() => expect(within(tokenCard('App backend')).getByText('Revoked')).toBeInTheDocument())
    expect(apiTokensDb()[0]!.status).toBe('revoked')
  })

  it('is not in a sub admin’s Settings menu, and its address tells them it is for admins without asking the server', async () => {
    const requests = trackRequests('/admin/api-tokens')
    renderRoute('/settings/api-tokens', { signedInAs: 'subAdmin' })
    expect(await screen.findByText(API_TOKENS_ADMIN_ONLY)).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Settings' })
    expect(within(menu).getByRole('link', { name: 'Change Password' })).toBeInTheDocument()
    expect(within(menu).queryByText('API Tokens')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create Token' })).not.toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })

  it('is in an admin’s Settings menu', async () => {
    await openTokens()
    const menu = screen.getByRole('navigation', { name: 'Settings' })
    expect(within(menu).getByRole('link', { name: 'API Tokens' })).toBeInTheDocument()
  })
})
