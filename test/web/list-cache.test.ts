import { QueryClient } from '@tanstack/react-query'
import type { ListPage } from '@contract'
import { patchCachedRows, patchRowsOptimistically, removeCachedRows } from '@/lib/list-cache'

type Row = { _id: string; name: string; status: number }

const keys = {
  all: ['things'] as const,
  lists: () => ['things', 'list'] as const,
  detail: (id: string) => ['things', 'detail', id] as const,
}

const row = (_id: string, status = 1): Row => ({ _id, name: `Thing ${_id}`, status })
const page = (rows: Row[], total: number): ListPage<Row> => ({
  isSuccess: true,
  message: '',
  data: rows,
  page: 1,
  limit: 10,
  total,
  totalPages: Math.ceil(total / 10),
})

function cacheWithTwoPages() {
  const queryClient = new QueryClient()
  queryClient.setQueryData([...keys.lists(), { page: 1 }], page([row('a'), row('b'), row('c')], 13))
  queryClient.setQueryData([...keys.lists(), { page: 2 }], page([row('x')], 13))
  return queryClient
}
const listPage = (queryClient: QueryClient, n: number) => queryClient.getQueryData<ListPage<Row>>([...keys.lists(), { page: n }])!

describe('list cache helpers', () => {
  it('patches several rows at once and leaves pages without them untouched', () => {
    const queryClient = cacheWithTwoPages()
    const untouched = listPage(queryClient, 2)
    patchCachedRows<Row>(queryClient, keys.lists(), ['a', 'c'], { status: 2 })
    expect(listPage(queryClient, 1).data.map((r) => r.status)).toEqual([2, 1, 2])
    expect(listPage(queryClient, 2)).toBe(untouched)
  })

  it('removes several rows at once from every page and lowers each total by what left it', () => {
    const queryClient = cacheWithTwoPages()
    removeCachedRows(queryClient, keys.lists(), ['a', 'b', 'x'])
    expect(listPage(queryClient, 1).data.map((r) => r._id)).toEqual(['c'])
    expect(listPage(queryClient, 1).total).toBe(11)
    expect(listPage(queryClient, 2).data).toEqual([])
    expect(listPage(queryClient, 2).total).toBe(12)
  })

  it('removes a row from a list kept whole as an array', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['faqs'], [row('a'), row('b')])
    removeCachedRows(queryClient, ['faqs'], 'a')
    expect(queryClient.getQueryData<Row[]>(['faqs'])!.map((r) => r._id)).toEqual(['b'])
  })

  it('patches lists and details optimistically, and its rollback puts back exactly what was cached', async () => {
    const queryClient = cacheWithTwoPages()
    queryClient.setQueryData(keys.detail('a'), { ...row('a'), pets: [] })
    const before = [listPage(queryClient, 1), listPage(queryClient, 2), queryClient.getQueryData(keys.detail('a'))]

    const rollback = await patchRowsOptimistically<Row>(queryClient, keys, ['a', 'b'], { status: 2 })
    expect(listPage(queryClient, 1).data.map((r) => r.status)).toEqual([2, 2, 1])
    expect(queryClient.getQueryData(keys.detail('a'))).toEqual({ ...row('a', 2), pets: [] })
    // No details were cached for 'b': none are made up.
    expect(queryClient.getQueryData(keys.detail('b'))).toBeUndefined()

    rollback()
    expect([listPage(queryClient, 1), listPage(queryClient, 2), queryClient.getQueryData(keys.detail('a'))]).toEqual(before)
    expect(queryClient.getQueryData(keys.detail('b'))).toBeUndefined()
  })
})
