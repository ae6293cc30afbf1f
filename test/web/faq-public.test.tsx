import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { api, fail } from './mocks/db'
import { SEED_FAQS, cmsDb } from './mocks/handlers/cms'
import { server } from './mocks/server'
import { renderRoute } from './render'

afterEach(() => vi.restoreAllMocks())

const [first, second] = SEED_FAQS as [(typeof SEED_FAQS)[0], (typeof SEED_FAQS)[0]]

async function openFaq() {
  const view = renderRoute('/faq')
  await screen.findByRole('heading', { name: 'Frequently Asked Questions', level: 1 })
  return view
}

describe('the public FAQ', () => {
  it('lists every question, in order, as a closed button in a heading', async () => {
    await openFaq()
    const questions = screen.getAllByRole('button', { expanded: false })
    expect(questions.map((b) => b.textContent)).toEqual(SEED_FAQS.map((f) => f.title))
    expect(within(screen.getByRole('heading', { name: first.title, level: 2 })).getByRole('button')).toBe(questions[0])
    expect(screen.queryByText(/Anyone with the link/)).not.toBeInTheDocument()
  })

  it('opens a question with Enter and closes it with Space, from the keyboard alone', async () => {
    const { user } = await openFaq()
    const question = screen.getByRole('button', { name: first.title })
    // Tab from the logo link to the first question.
    screen.getByRole('link', { name: 'Petcare home' }).focus()
    await user.tab()
    expect(question).toHaveFocus()
    expect(question).toHaveAttribute('aria-expanded', 'false')

    await user.keyboard('{Enter}')
    expect(question).toHaveAttribute('aria-expanded', 'true')
    const answer = await screen.findByText(/Open the pet, tap Share and send the link\./)
    expect(answer).toBeVisible()
    expect(question).toHaveAttribute('aria-controls', answer.closest('[id]')!.id)

    await user.keyboard(' ')
    expect(question).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(screen.queryByText(/Open the pet, tap Share/)).not.toBeInTheDocument())
  })

  it('keeps each question on its own: opening one leaves the others as they are', async () => {
    const { user } = await openFaq()
    await user.click(screen.getByRole('button', { name: first.title }))
    await user.click(screen.getByRole('button', { name: second.title }))
    expect(screen.getByRole('button', { name: first.title })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('button', { name: second.title })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText(second.description)).toBeVisible()
  })

  it('says so when there are no questions yet', async () => {
    cmsDb().faqs = []
    await openFaq()
    expect(await screen.findByText('No questions have been answered here yet.')).toBeInTheDocument()
  })

  it('shows an error state when the FAQ cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.get(api('/cms-faqs'), () => fail('INTERNAL', 'Database unavailable')))
    renderRoute('/faq')
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.')
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeInTheDocument()
  })
})
