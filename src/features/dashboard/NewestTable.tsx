import { useId } from 'react'
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ListPage } from '@contract'
import { DataTable, type ListColumnDefs } from '@/components/list'

export const newestLinkClass = 'font-semibold text-primary-700 underline-offset-2 hover:underline'

type NewestTableProps<TRow extends { _id: string }, TKey extends QueryKey> = {
  title: string
  columns: ListColumnDefs<TRow>
  query: UseQueryOptions<ListPage<TRow>, Error, ListPage<TRow>, TKey>
  /** The full list, and the link's name ("View all users"). */
  viewAll: { to: LinkProps['to']; label: string }
}

/**
 * A dashboard's short table of the newest records, with "View all" to their list: the list kit's
 * table without paging (cards on a phone, as in every list).
 */
export function NewestTable<TRow extends { _id: string }, TKey extends QueryKey>({ title, columns, query, viewAll }: NewestTableProps<TRow, TKey>) {
  const titleId = useId()
  const result = useQuery(query)
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={viewAll.to} aria-label={viewAll.label} className={`text-sm ${newestLinkClass}`}>
          View all
        </Link>
      </div>
      <DataTable
        name={title}
        columns={columns}
        data={result.data?.data}
        error={result.isError ? { message: result.error.message, retry: () => void result.refetch() } : null}
      />
    </section>
  )
}
