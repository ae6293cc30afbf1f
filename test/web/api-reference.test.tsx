import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { createApp } from '../../server/app'
import { openApiDocument } from '../../server/openapi/document'
import { axeViolations, describeViolations } from './axe'
import { api } from './mocks/db'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** Settings > API Reference, on the document the server generates today (not a copy kept by hand). */

// Only the route table is read: no database, mail or storage is touched.
const app = createApp({ db: {} as never, storage: {} as never, mailer: {} as never, clock: { now: () => new Date() } })
const document = openApiDocument(app.routes)
const operationCount = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0)

beforeEach(() => server.use(http.get(api('/openapi.json'), () => HttpResponse.json(document))))

/** The call whose summary line shows `method` and `path`. */
function call(method: string, path: string) {
  const article = screen.getAllByRole('article').find((a) => within(a).queryByText(path, { selector: 'code' }) && within(a).queryByText(method))
  if (!article) throw new Error(`No ${method} ${path} on the page`)
  return article
}

// Every call of the document is on the page (dozens, with their tables), and each query reads it all:
// a test takes 3 to 4 s on a busy machine.
describe('the API reference', { timeout: 15_000 }, () => {
  it('lists every call of the document by group, for a sub admin too, from its menu entry', async () => {
    renderRoute('/settings/api-reference', { signedInAs: 'subAdmin' })
    expect(await screen.findByText(`${operationCount} of ${operationCount} calls`)).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(operationCount)
    expect(screen.getByRole('heading', { level: 3, name: 'Sign-in and password' })).toBeInTheDocument()
    expect(within(call('POST', '/admin/login')).getByText('Sign in with email and password')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'API Reference' }).length).toBeGreaterThan(0)
  })

  it('shows the parameters, request body fields and answers of a call', async () => {
    const { user } = renderRoute('/settings/api-reference', { signedInAs: 'admin' })
    await screen.findByText(`${operationCount} of ${operationCount} calls`)

    const login = call('POST', '/admin/login')
    await user.click(within(login).getByText('Sign in with email and password'))
    const body = within(login).getByRole('table', { name: 'Request body (JSON)' })
    expect(within(body).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['email', 'password'])
    expect(within(login).getByText('No sign-in needed.')).toBeInTheDocument()
    const answer = within(login).getByRole('region', { name: 'Answer 200' })
    expect(within(answer).getByRole('cell', { name: 'token' })).toBeInTheDocument()
    // Failures: the shared error body, resolved from the document's components.
    const failure = within(login).getByRole('region', { name: 'Answer 4XX' })
    expect(within(failure).getByRole('cell', { name: 'error' })).toBeInTheDocument()

    const user404 = call('GET', '/admin/user/{id}')
    await user.click(within(user404).getByText('A pet owner with their pets'))
    const parameters = within(user404).getByRole('table', { name: 'Parameters' })
    expect(within(parameters).getAllByRole('row')[1]!.textContent).toBe('idpathstring (uuid)required')
    expect(within(user404).getByText(/Signed in, with the `read` permission/)).toBeInTheDocument()
  })

  // The whole page is too big for the axe check every test gets when it ends (setup.ts): one call
  // opened holds every kind of markup the page repeats.
  it('has no accessibility faults axe can find without layout, with a call opened', async () => {
    const { user } = renderRoute('/settings/api-reference', { signedInAs: 'admin' })
    await screen.findByText(`${operationCount} of ${operationCount} calls`)
    await user.click(screen.getByRole('searchbox', { name: 'Search' }))
    await user.paste('post city')
    await screen.findByText(`1 of ${operationCount} calls`)
    await user.click(within(call('POST', '/admin/city')).getByText('Add a city'))
    expect(describeViolations(await axeViolations())).toBe('')
  })

  it('shows how to call the integration API with a token, and which calls take one', async () => {
    const { user } = renderRoute('/settings/api-reference', { signedInAs: 'admin' })
    await screen.findByText(`${operationCount} of ${operationCount} calls`)
    const howTo = screen.getByRole('region', { name: 'Calling with an API token' })
    expect(within(howTo).getByText(`curl -H "Authorization: Bearer pct_…" ${window.location.origin}/api/v1/integration/token`)).toBeInTheDocument()
    const whoAmI = call('GET', '/integration/token')
    await user.click(within(whoAmI).getByText('The calling API token: its name, scopes and expiry'))
    expect(within(whoAmI).getByText('An API token with the `read` scope (sessions are refused).')).toBeInTheDocument()
  })

  it('finds calls by method, path and words', async () => {
    const { user } = renderRoute('/settings/api-reference', { signedInAs: 'admin' })
    await screen.findByText(`${operationCount} of ${operationCount} calls`)
    const search = screen.getByRole('searchbox', { name: 'Search' })
    await user.click(search)
    await user.paste('post city')
    expect(await screen.findByText(`1 of ${operationCount} calls`)).toBeInTheDocument()
    expect(within(call('POST', '/admin/city')).getByText('Add a city')).toBeInTheDocument()
    await user.clear(search)
    await user.paste('no such call')
    expect(await screen.findByText(`0 of ${operationCount} calls`)).toBeInTheDocument()
  })
})
