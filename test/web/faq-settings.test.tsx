import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { FAQS_MSG, MSG } from '@contract'
import { ADMIN_ONLY_NOTE_FAQ } from '@/features/cms/roles'
import { api, fail } from './mocks/db'
import { SEED_FAQS, cmsDb } from './mocks/handlers/cms'
import { captureBodies, gate } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

afterEach(() => vi.restoreAllMocks())

const [first, second, third] = SEED_FAQS as [(typeof SEED_FAQS)[0], (typeof SEED_FAQS)[0], (typeof SEED_FAQS)[0]]

async function openFaqs(role: 'admin' | 'subAdmin' = 'admin') {
  const view = renderRoute('/settings/faqs', { signedInAs: role })
  const list = await screen.findByRole('list', { name: "FAQ's" })
  return { ...view, list }
}

/** The titles as listed, in order. */
const titles = (list: HTMLElement) => within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
const item = (list: HTMLElement, title: string) => within(list).getByRole('heading', { name: title, level: 3 }).closest('li')!

async function openAdd(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add FAQ' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add FAQ' })
  return {
    dialog,
    title: within(dialog).getByRole('textbox', { name: 'Title' }),
    description: within(dialog).getByRole('textbox', { name: 'Description' }),
    save: within(dialog).getByRole('button', { name: 'Save' }),
  }
}

describe("FAQ's in settings", () => {
  it('lists every FAQ with its title and description, in order', async () => {
    const { list } = await openFaqs()
    expect(titles(list)).toEqual([first.title, second.title, third.title])
    expect(item(list, second.title)).toHaveTextContent(second.description)
  })

  it('shows a sub admin the list only: no Add, Edit, Delete or Move, and a note', async () => {
    const { list } = await openFaqs('subAdmin')
    expect(titles(list)).toEqual([first.title, second.title, third.title])
    expect(screen.getByRole('note')).toHaveTextContent(ADMIN_ONLY_NOTE_FAQ)
    for (const name of ['Add FAQ', 'Edit', 'Delete', 'Move up', 'Move down']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
    }
  })

  it('says "No FAQ\'s Found !!!" when there are none', async () => {
    cmsDb().faqs = []
    renderRoute('/settings/faqs', { signedInAs: 'admin' })
    expect(await screen.findByText("No FAQ's Found !!!")).toBeInTheDocument()
  })
})

describe('the FAQ dialog', () => {
  it('opens as a 900 px dialog with Title first', async () => {
    const { user } = await openFaqs()
    const { dialog, title } = await openAdd(user)
    expect(dialog.querySelector('.max-w-modal')).not.toBeNull()
    expect(title).toHaveFocus()
  })

  it('shows "Title is required" and "Description is required" for the empty form', async () => {
    const { user } = await openFaqs()
    const { title, description, save } = await openAdd(user)
    await user.click(save)
    await waitFor(() => expect(title).toHaveAccessibleDescription(expect.stringContaining(MSG.faqTitleRequired)))
    expect(screen.getByText('Title is required')).toBeInTheDocument()
    expect(screen.getByText('Description is required')).toBeInTheDocument()
    expect(description).toHaveAccessibleDescription(expect.stringContaining('Description is required'))
    expect(cmsDb().faqs).toHaveLength(3)
  })

  it('counts spaces alone as empty', async () => {
    const { user } = await openFaqs()
    const { title, description, save } = await openAdd(user)
    await user.type(title, '   ')
    await user.type(description, '   ')
    await user.click(save)
    expect(await screen.findByText('Title is required')).toBeInTheDocument()
    expect(screen.getByText('Description is required')).toBeInTheDocument()
  })

  it('shows "Title Should be maximum 200 characters allowed" for a 201-character title', async () => {
    const { user } = await openFaqs()
    const { title } = await openAdd(user)
    await user.click(title)
    await user.paste('t'.repeat(201))
    await user.tab()
    expect(await screen.findByText('Title Should be maximum 200 characters allowed')).toBeInTheDocument()
    expect(title).toHaveAccessibleDescription(expect.stringContaining(MSG.faqTitleMax))
  })

  it('shows "Description Shouldbe maximum 500 characters allowed" for a 501-character description', async () => {
    const { user } = await openFaqs()
    const { description } = await openAdd(user)
    await user.click(description)
    await user.paste('d'.repeat(501))
    await user.tab()
    expect(await screen.findByText('Description Shouldbe maximum 500 characters allowed')).toBeInTheDocument()
    expect(description).toHaveAccessibleDescription(expect.stringContaining(MSG.faqDescriptionMax))
  })

  it('adds a FAQ of exactly 200 and 500 characters, last in the list, with "FAQ added successfully"', async () => {
    const bodies = captureBodies('POST', '/admin/faq')
    const { user, list } = await openFaqs()
    const { title, description, save } = await openAdd(user)
    await user.click(title)
    await user.paste(`  ${'T'.repeat(200)}  `)
    await user.click(description)
    await user.paste('D'.repeat(500))
    await user.click(save)
    expect(await screen.findByText(FAQS_MSG.added)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bodies).toEqual([{ title: 'T'.repeat(200), description: 'D'.repeat(500) }])
    await waitFor(() => expect(titles(list)).toEqual([first.title, second.title, third.title, 'T'.repeat(200)]))
    expect(screen.getByRole('button', { name: 'Add FAQ' })).toHaveFocus()
  })

  it('edits a FAQ in the same dialog, filled with its values, with "FAQ updated successfully"', async () => {
    const bodies = captureBodies('PUT', `/admin/faq/${second._id}`)
    const { user, list } = await openFaqs()
    await user.click(within(item(list, second.title)).getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit FAQ' })
    const title = within(dialog).getByRole('textbox', { name: 'Title' })
    expect(title).toHaveValue(second.title)
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue(second.description)
    await user.clear(title)
    await user.type(title, 'Is Petcare free to use?')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(FAQS_MSG.updated)).toBeInTheDocument()
    expect(bodies).toEqual([{ title: 'Is Petcare free to use?', description: second.description }])
    await waitFor(() => expect(titles(list)).toEqual([first.title, 'Is Petcare free to use?', third.title]))
  })

  it('closes on Cancel without saving', async () => {
    const { user, list } = await openFaqs()
    const { title, dialog } = await openAdd(user)
    await user.type(title, 'Unsaved question')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(titles(list)).toHaveLength(3)
    const again = await openAdd(user)
    expect(again.title).toHaveValue('')
  })
})

describe('deleting a FAQ', () => {
  it('asks first, then deletes it with "FAQ deleted successfully"', async () => {
    const { user, list } = await openFaqs()
    await user.click(within(item(list, first.title)).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete FAQ?' })
    expect(dialog).toHaveTextContent(first.title)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(FAQS_MSG.deleted)).toBeInTheDocument()
    await waitFor(() => expect(titles(list)).toEqual([second.title, third.title]))
    expect(cmsDb().faqs.map((f) => f._id)).toEqual([second._id, third._id])
  })

  it('keeps it when the question is cancelled', async () => {
    const { user, list } = await openFaqs()
    await user.click(within(item(list, first.title)).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete FAQ?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(cmsDb().faqs).toHaveLength(3)
  })
})

describe('reordering FAQs', () => {
  it('offers no Move up on the first FAQ and no Move down on the last', async () => {
    const { list } = await openFaqs()
    expect(within(item(list, first.title)).getByRole('button', { name: 'Move up' })).toBeDisabled()
    expect(within(item(list, third.title)).getByRole('button', { name: 'Move down' })).toBeDisabled()
    expect(within(item(list, second.title)).getByRole('button', { name: 'Move up' })).toBeEnabled()
  })

  it('moves a FAQ down, sending every id in the new order', async () => {
    const bodies = captureBodies('PUT', '/admin/faq/order')
    const { user, list } = await openFaqs()
    await user.click(within(item(list, first.title)).getByRole('button', { name: 'Move down' }))
    expect(titles(list)).toEqual([second.title, first.title, third.title])
    expect(await screen.findByText(FAQS_MSG.ordered)).toBeInTheDocument()
    expect(bodies).toEqual([{ ids: [second._id, first._id, third._id] }])
    expect(cmsDb().faqs.map((f) => f._id)).toEqual([second._id, first._id, third._id])
  })

  it('moves a FAQ to the top with the keyboard, keeping the focus on it and announcing its place', async () => {
    const { user, list } = await openFaqs()
    within(item(list, third.title)).getByRole('button', { name: 'Move up' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(titles(list)).toEqual([first.title, third.title, second.title]))
    expect(within(item(list, third.title)).getByRole('button', { name: 'Move up' })).toHaveFocus()
    await user.keyboard(' ')
    await waitFor(() => expect(titles(list)).toEqual([third.title, first.title, second.title]))
    // At the top Move up is off; the focus stays on the FAQ, on Move down.
    expect(within(item(list, third.title)).getByRole('button', { name: 'Move down' })).toHaveFocus()
    expect(screen.getByText(`"${third.title}" moved to position 1 of 3.`)).toBeInTheDocument()
    await waitFor(() => expect(cmsDb().faqs.map((f) => f._id)).toEqual([third._id, first._id, second._id]))
  })

  it('shows the new order at once and puts the old one back when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const held = gate()
    server.use(
      http.put(api('/admin/faq/order'), async () => {
        await held.wait()
        return fail('INTERNAL', 'Could not save the order')
      }),
    )
    const { user, list } = await openFaqs()
    await user.click(within(item(list, second.title)).getByRole('button', { name: 'Move up' }))
    expect(titles(list)).toEqual([second.title, first.title, third.title])
    held.open()
    expect(await screen.findByText('Could not save the order')).toBeInTheDocument()
    await waitFor(() => expect(titles(list)).toEqual([first.title, second.title, third.title]))
  })
})
