import { MutationObserver } from '@tanstack/react-query'
import { cmsKeys } from '@/features/cms/keys'
import { dashboardKeys } from '@/features/dashboard/keys'
import { userKeys } from '@/features/users/keys'
import type { Table } from '@/lib/changes'
import { createQueryClient } from '@/router'
import { refreshTables } from '@/table-queries'

/** A query client holding a users page, a user's details, the dashboard and the FAQ, all fresh. */
function cachedClient() {
  const queryClient = createQueryClient()
  const keys = { list: userKeys.list({ page: 1, limit: 10 } as never), detail: userKeys.detail('u1'), dashboard: dashboardKeys.totals(), faqs: cmsKeys.faqs() }
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {})
  const stale = () =>
    Object.fromEntries(Object.entries(keys).map(([name, queryKey]) => [name, queryClient.getQueryState(queryKey)!.isInvalidated]))
  return { queryClient, stale }
}

const mutate = (queryClient: ReturnType<typeof createQueryClient>, changes: Table[], outcome: 'settles' | 'fails' = 'settles') =>
  new MutationObserver(queryClient, {
    mutationFn: () => (outcome === 'settles' ? Promise.resolve() : Promise.reject(new Error('refused'))),
    meta: { changes },
  })
    .mutate()
    .catch(() => undefined)

describe('what a change refreshes (src/table-queries.ts)', () => {
  it("refreshes a table's lists and the dashboard on another admin's change, but not its details (an edit form may hold them)", async () => {
    const { queryClient, stale } = cachedClient()
    await refreshTables(queryClient, ['app_users'], { details: false })
    expect(stale()).toEqual({ list: true, detail: false, dashboard: true, faqs: false })
  })

  it("refreshes the details too on this tab's own change, named by the mutation, refused or not", async () => {
    for (const outcome of ['settles', 'fails'] as const) {
      const { queryClient, stale } = cachedClient()
      await mutate(queryClient, ['app_users'], outcome)
      expect(stale()).toEqual({ list: true, detail: true, dashboard: true, faqs: false })
    }
  })

  it('leaves what shows other tables alone', async () => {
    const { queryClient, stale } = cachedClient()
    await mutate(queryClient, ['faqs'])
    expect(stale()).toEqual({ list: false, detail: false, dashboard: false, faqs: true })
  })

  it('refreshes a burst of one keyed mutation once, after the last has settled', async () => {
    const { queryClient, stale } = cachedClient()
    const releases: Array<() => void> = []
    const reorder = () =>
      new MutationObserver(queryClient, {
        mutationKey: ['reorder'],
        mutationFn: () => new Promise<void>((resolve) => releases.push(resolve)),
        meta: { changes: ['faqs'] },
      }).mutate()
    const first = reorder()
    const second = reorder()
    await vi.waitFor(() => expect(releases).toHaveLength(2))
    releases[0]!()
    await first
    expect(stale().faqs).toBe(false)
    releases[1]!()
    await second
    expect(stale().faqs).toBe(true)
  })
})
