import { useState } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Pagination } from '@/components/list'
import { cutText, formatDate, formatDateTime } from '@/lib/format'

/** The generic pagination (for what is not a routed list table) and the cell formats. */

function Pager({ rowCount = 412 }: { rowCount?: number }) {
  const [pageIndex, setPageIndex] = useState(0)
  const [pageSize, setPageSize] = useState(10)
  return (
    <Pagination
      pageIndex={pageIndex}
      pageSize={pageSize}
      rowCount={rowCount}
      onPageChange={setPageIndex}
      onPageSizeChange={(size) => {
        setPageSize(size)
        setPageIndex(0)
      }}
    />
  )
}

describe('the generic pagination', () => {
  it('offers 10, 25, 50 and 100 rows per page and reads "1–10 of 412"', () => {
    render(<Pager />)
    const perPage = screen.getByRole('combobox', { name: 'Rows per page:' })
    expect(within(perPage).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50', '100'])
    expect(screen.getByText('1–10 of 412')).toBeInTheDocument()
  })

  it('pages with first, previous, next and last, each disabled where it leads nowhere', async () => {
    const user = userEvent.setup()
    render(<Pager />)
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(screen.getByText('11–20 of 412')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Last page' }))
    expect(screen.getByText('411–412 of 412')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'First page' }))
    expect(screen.getByText('1–10 of 412')).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page:' }), '100')
    expect(screen.getByText('1–100 of 412')).toBeInTheDocument()
  })

  it('reads "0–0 of 0" with nothing to page through', () => {
    render(<Pager rowCount={0} />)
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument()
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeDisabled()
    }
  })
})

describe('cell formats', () => {
  it('shows dates as YYYY-MM-DD and YYYY-MM-DD, HH:mm, and dashes when missing', () => {
    expect(formatDate('1990-04-12')).toBe('1990-04-12')
    expect(formatDate(new Date(2025, 0, 5, 9, 7))).toBe('2025-01-05')
    expect(formatDateTime(new Date(2025, 0, 5, 9, 7))).toBe('2025-01-05, 09:07')
    expect(formatDate(null)).toBe('--')
    expect(formatDateTime('not a date')).toBe('--')
  })

  it('reads a date-only value as that local day, an instant in the viewer’s zone, and refuses days that do not exist', () => {
    expect(formatDate('2024-02-29')).toBe('2024-02-29')
    expect(formatDate('2025-02-29')).toBe('--')
    expect(formatDate('2025-13-01')).toBe('--')
    const instant = '2025-06-30T23:30:00.123Z'
    const local = new Date(instant)
    const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}, ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`
    expect(formatDateTime(instant)).toBe(expected)
    expect(formatDateTime('2025-06-30T10:05:00')).toBe('2025-06-30, 10:05')
    expect(formatDateTime('2025-06-30T10:05:00+02:00')).toBe(formatDateTime(new Date(Date.UTC(2025, 5, 30, 8, 5))))
    expect(formatDate('30/06/2025')).toBe('--')
  })

  it('cuts text past its limit with an ellipsis and leaves shorter text alone', () => {
    expect(cutText('aarav.sharma.longaddress@example.com', 18)).toBe('aarav.sharma.longa...')
    expect(cutText('a@b.co', 18)).toBe('a@b.co')
    expect(cutText('123456789012', 12)).toBe('123456789012')
  })
})
