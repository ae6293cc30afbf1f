import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { csvLine, IMPORT_COLUMNS, IMPORT_MSG, MSG } from '@contract'
import { IMPORT_ADMIN_ONLY } from '@/features/import/ImportPage'
import { placesDb } from './mocks/handlers/places'
import { captureDownloads, csvLinesOf } from './mocks/requests'
import { renderRoute } from './render'

/** Settings > Import: a file is checked first (nothing added), then its new rows are imported. */

const csvFile = (lines: (string | number)[][], name = 'shops.csv') => new File([lines.map(csvLine).join('')], name, { type: 'text/csv' })
const shop = (name: string, latitude: string | number = -33.86) => [name, 'Food and toys', '12 Harbour Street', latitude, 151.21, '', '', 'https://img.test/a.png', '']

async function openImport() {
  renderRoute('/settings/import', { signedInAs: 'admin' })
  return screen.findByRole('form', { name: 'Import' })
}

describe('Settings > Import', () => {
  it('checks a file, showing each row with what it would come to and the forms’ messages, and adds nothing until Import', async () => {
    const user = userEvent.setup()
    const existing = placesDb('petShop')[0]!
    const before = placesDb('petShop').length
    const form = await openImport()
    await user.upload(
      within(form).getByLabelText('CSV file'),
      csvFile([[...IMPORT_COLUMNS['pet-shops']], shop('Barking Mad'), [existing.name, 'A shop', existing.address, -33.86, 151.21, '', '', 'https://img.test/a.png', ''], shop('Nameless', '')]),
    )
    await user.click(within(form).getByRole('button', { name: 'Check file' }))

    const check = await screen.findByRole('region', { name: 'Check' })
    expect(within(check).getByRole('status')).toHaveTextContent('1 will be added, 1 already there, 1 not valid')
    const rows = within(check).getAllByRole('listitem').filter((li) => li.textContent?.startsWith('Line'))
    expect(rows.map((r) => r.textContent)).toEqual([
      'Line 2Barking MadWill be added',
      `Line 3${existing.name}Already there: left as it is`,
      `Line 4NamelessNot valid: not addedLatitude: ${MSG.latitude}`,
    ])
    expect(placesDb('petShop')).toHaveLength(before)

    await user.click(screen.getByRole('button', { name: 'Import 1 new row' }))
    const done = await screen.findByRole('region', { name: 'Imported' })
    expect(within(done).getByRole('status')).toHaveTextContent('1 added, 1 already there, 1 not valid')
    expect(await screen.findByText('Import finished: 1 added')).toBeInTheDocument()
    expect(placesDb('petShop')[0]!.name).toBe('Barking Mad')
    expect(screen.getByRole('link', { name: 'See this import in the audit log' })).toHaveAttribute('href', expect.stringMatching(/^\/settings\/audit-log\?group=/))
  })

  it('shows a file the server cannot read with its reason, and asks for a file before checking', async () => {
    const user = userEvent.setup()
    const form = await openImport()
    await user.click(within(form).getByRole('button', { name: 'Check file' }))
    expect(await within(form).findByText(IMPORT_MSG.noFile)).toBeInTheDocument()
    expect(within(form).getByLabelText('CSV file')).toHaveAttribute('aria-invalid', 'true')

    await user.selectOptions(within(form).getByLabelText('What to import'), 'Cities')
    expect(within(form).getByText('Columns: Name')).toBeInTheDocument()
    await user.upload(within(form).getByLabelText('CSV file'), csvFile([['Town'], ['Darwin']]))
    await user.click(within(form).getByRole('button', { name: 'Check file' }))
    expect(await screen.findByText(IMPORT_MSG.columns('cities'))).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Check' })).not.toBeInTheDocument()
  })

  it('downloads the template of the chosen kind', async () => {
    const user = userEvent.setup()
    const files = captureDownloads()
    const form = await openImport()
    await user.selectOptions(within(form).getByLabelText('What to import'), 'Sites')
    await user.click(within(form).getByRole('button', { name: 'Download template' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(files[0]!.name).toMatch(/^sites-import-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(await csvLinesOf(files[0]!)).toEqual([IMPORT_COLUMNS.sites.join(',')])
  })

  it('tells a sub admin the screen is for admins, and the menu offers it to admins only', async () => {
    renderRoute('/settings/import', { signedInAs: 'subAdmin' })
    expect(await screen.findByText(IMPORT_ADMIN_ONLY)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument()
  })
})
