import { useState } from 'react'
import { MutationObserver, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { can, type Permission } from '@contract'
import { BULK_ACTIONS, BULK_MAX, BULK_MSG, BULK_PATH, BULK_PERMISSION, BULK_REASON, bulkResult, type BulkAction, type BulkList, type BulkResult, type BulkSkipped } from '@contract/bulk'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { useAuth } from '@/lib/auth'
import { TABLES_OF_LIST } from '@/lib/changes'
import { count as countFormat } from '@/lib/count'
import { http, notifyIfUnseen, withData } from '@/lib/http'
import { notify } from '@/lib/toast'
import { UNDO_MS } from '@/lib/undo'
import type { BulkChoice, BulkSummary, ListBulk, ListCsv } from './bulk-types'
import type { ListSearch } from './search'

/** Each action's button, and its past tense for the summary. */
const WORDS: Record<BulkAction, { verb: string; done: string; tone: 'primary' | 'danger' }> = {
  block: { verb: 'Block', done: 'Blocked', tone: 'danger' },
  unblock: { verb: 'Unblock', done: 'Unblocked', tone: 'primary' },
  activate: { verb: 'Activate', done: 'Activated', tone: 'primary' },
  deactivate: { verb: 'Deactivate', done: 'Deactivated', tone: 'danger' },
  resolve: { verb: 'Mark resolved', done: 'Marked resolved', tone: 'primary' },
  delete: { verb: 'Delete', done: 'Deleted', tone: 'danger' },
  restore: { verb: 'Restore', done: 'Restored', tone: 'primary' },
}

/** What a list's actions change: its table, and the trash (a delete moves rows there, a restore takes them out). */
const changesOf = (list: BulkList) => [...TABLES_OF_LIST[list], 'trash'] as const

const counted = (count: number, [one, many]: readonly [string, string]) => `${countFormat.format(count)} ${count === 1 ? one : many}`

/** The rows an error stopped the action before (`stopped`), apart from those skipped for their own reason. */
const splitSkipped = (result: BulkResult) => ({
  notDone: result.skipped.filter((row) => row.reason === BULK_REASON.stopped),
  skipped: result.skipped.filter((row) => row.reason !== BULK_REASON.stopped),
})

/** The toast of an answer: what changed, how many were skipped, and how many an error left not done. */
const toastText = (text: string, result: BulkResult) => {
  const { notDone, skipped } = splitSkipped(result)
  return [
    text,
    ...(skipped.length ? [`${countFormat.format(skipped.length)} skipped.`] : []),
    ...(notDone.length ? [`${countFormat.format(notDone.length)} not done.`] : []),
  ].join(' ')
}

/**
 * An answer's toast: a success when the action went through; an error when an error stopped it
 * partway (`stopped`), with the server's message, what changed and what was not done, so that a
 * partial action never reads as done.
 */
const notifyResult = (text: string, result: BulkResult, message: string) =>
  result.stopped ? notify.error(`${message}. ${toastText(text, result)}`) : notify.success(toastText(text, result))

/** What a bulk delete's Undo needs: the rows it moved (the answer's `ids`), and where to show them back. */
interface BulkUndo {
  list: BulkList
  ids: string[]
  noun: readonly [string, string]
  labels: Map<string, string>
  onSummary: (summary: BulkSummary) => void
}

/**
 * A bulk delete's success toast, with Undo for UNDO_MS as a single delete's (lib/undo.ts): the
 * press restores the rows the answer named. A mutation of the cache, not a hook, as in
 * lib/trash.ts: the toast outlives the screen, and its `meta.changes` still refresh what shows the rows. The restore's answer is summed up in a toast and in the page's summary.
 */
function notifyBulkDeleted(queryClient: QueryClient, message: string, undo: BulkUndo) {
  const restore = () =>
    new MutationObserver(queryClient, {
      mutationFn: () => http.post(BULK_PATH[undo.list], withData(bulkResult), { action: 'restore', ids: undo.ids }),
      meta: { changes: changesOf(undo.list) },
      onSuccess: ({ data, message }) => {
        const text = `${WORDS.restore.done} ${counted(data.changed, undo.noun)}.`
        notifyResult(text, data, message)
        undo.onSummary({ text, message, result: data, labels: undo.labels })
      },
      onError: notifyIfUnseen,
    })
      .mutate()
      // A failure was toasted (onError, or the HTTP client).
      .catch(() => undefined)
  notify.successWithAction(message, { label: 'Undo', onClick: () => void restore() }, UNDO_MS)
}

/** The summary's rows of one kind left as they were ("3 skipped:", "500 not done:"), each with why; the first 50. */
function RowsLeft({ title, rows, labels }: { title: string; rows: BulkSkipped[]; labels: Map<string, string> }) {
  if (!rows.length) return null
  return (
    <>
      <p className="text-slate-700">{`${countFormat.format(rows.length)} ${title}:`}</p>
      <ul aria-label={`Rows ${title}`} className="list-disc pl-5 text-slate-700">
        {rows.slice(0, 50).map((row) => (
          <li key={row._id}>{`${labels.get(row._id) ?? row._id}: ${row.reason}`}</li>
        ))}
      </ul>
    </>
  )
}

/**
 * The bar of a list's bulk actions (loaded on the first choice; see bulkChoice.tsx): how many rows are
 * chosen, "Select all N matching", Clear, the actions the admin's role may take, each behind a
 * confirmation naming the count, and Export selected (chosen rows or all matching). The answer is summed up
 * in the page (with the skipped rows and why) and in a toast; the lists refresh.
 */
export default function BulkActionsBar({
  bulk,
  csv,
  choice,
  total,
  query,
  summary,
  onChoice,
  onSummary,
}: {
  bulk: ListBulk<unknown>
  csv: ListCsv | undefined
  choice: BulkChoice
  total: number
  query: Omit<ListSearch, 'page' | 'limit'>
  summary: BulkSummary | null
  onChoice: (ids: Map<string, string>, allMatching: boolean) => void
  onSummary: (summary: BulkSummary | null) => void
}) {
  const role = useAuth().userDetails?.role
  const queryClient = useQueryClient()
  const [asked, setAsked] = useState<BulkAction | null>(null)
  const count = choice.allMatching ? total : choice.ids.size
  const list = bulk.list
  const permissions = list ? (BULK_PERMISSION[list] as Record<string, Permission>) : {}
  // Restore is a bulk delete's Undo (its toast), not a choice here: chosen rows are live ones.
  const actions = list
    ? (BULK_ACTIONS[list] as readonly BulkAction[]).filter((action) => action !== 'restore' && can(role, permissions[action]!))
    : []

  const run = useMutation({
    meta: { changes: list ? changesOf(list) : [] },
    mutationFn: (action: BulkAction) =>
      // Only a list's own actions are offered, so `list` is set here.
      http.post(BULK_PATH[list!], withData(bulkResult), {
        action,
        ...(choice.allMatching ? { query } : { ids: [...choice.ids.keys()] }),
      }),
    onSuccess: ({ data, message }, action) => {
      const text = `${WORDS[action].done} ${counted(data.changed, bulk.noun)}.`
      // Stopped partway: the error toast first (it closes other toasts, not an Undo), then a
      // delete's Undo for the rows it did move, which says only what was done.
      if (data.stopped) notifyResult(text, data, message)
      if (action === 'delete' && data.ids?.length) {
        notifyBulkDeleted(queryClient, data.stopped ? text : toastText(text, data), { list: list!, ids: data.ids, noun: bulk.noun, labels: choice.ids, onSummary })
      } else if (!data.stopped) notifyResult(text, data, message)
      onSummary({ text, message, result: data, labels: choice.ids })
      // The rows an error stopped the action before stay chosen, for another try; the others are done with.
      const notDone = splitSkipped(data).notDone
      onChoice(new Map(notDone.map((row) => [row._id, choice.ids.get(row._id) ?? row._id])), false)
      setAsked(null)
    },
    onError: (error) => {
      notifyIfUnseen(error)
      setAsked(null)
    },
  })

  // All matching: the list's query, as Export CSV sends it. Chosen rows: their ids, in the list's order.
  const exportSelected = async ({ path, filename }: ListCsv) => {
    const { sortBy, sortOrder } = query
    try {
      await (choice.allMatching
        ? http.download(path, query as Parameters<typeof http.download>[1], filename)
        : http.download(path, { sortBy, sortOrder }, filename, { ids: [...choice.ids.keys()] }))
    } catch (error) {
      notifyIfUnseen(error)
    }
  }

  return (
    <>
      {summary && (
        <section aria-label="Bulk action result" className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
          <div className="mr-auto flex flex-col gap-1">
            <p className="font-semibold text-slate-900">{summary.text}</p>
            {summary.result.stopped && <p className="font-semibold text-red-700">{summary.message}</p>}
            <RowsLeft title="skipped" rows={splitSkipped(summary.result).skipped} labels={summary.labels} />
            <RowsLeft title="not done" rows={splitSkipped(summary.result).notDone} labels={summary.labels} />
          </div>
          <Button variant="ghost" onClick={() => onSummary(null)}>
            Dismiss
          </Button>
        </section>
      )}
      {count > 0 && (
        <section aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-lg border border-primary-200 bg-primary-50 p-3 text-sm">
          <p role="status" className="mr-auto font-semibold text-slate-900">
            {choice.allMatching ? `All ${countFormat.format(count)} selected` : `${countFormat.format(count)} selected`}
          </p>
          {!choice.allMatching &&
            total > choice.ids.size &&
            // The server refuses more than BULK_MAX matching rows: say so rather than offer a 409.
            (total > BULK_MAX ? (
              <p className="text-slate-700">{BULK_MSG.tooManyMatching}</p>
            ) : (
              <Button variant="ghost" onClick={() => onChoice(new Map(), true)}>
                {`Select all ${countFormat.format(total)} matching`}
              </Button>
            ))}
          <Button variant="ghost" onClick={() => onChoice(new Map(), false)}>
            Clear
          </Button>
          {actions.map((action) => (
            <Button key={action} variant={WORDS[action].tone === 'danger' ? 'danger' : 'secondary'} onClick={() => setAsked(action)}>
              {WORDS[action].verb}
            </Button>
          ))}
          {csv && (
            <Button variant="secondary" onClick={() => void exportSelected(csv)}>
              Export selected (CSV)
            </Button>
          )}
        </section>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked ? `${WORDS[asked].verb} ${counted(count, bulk.noun)}?` : ''}
        confirmLabel={asked ? WORDS[asked].verb : ''}
        tone={asked ? WORDS[asked].tone : 'primary'}
        busy={run.isPending}
        onConfirm={() => asked && run.mutate(asked)}
        onClose={() => setAsked(null)}
      >
        {asked === 'delete' ? 'They move to the trash, where an admin can restore them for 30 days.' : 'Rows already so, or gone meanwhile, are left and listed.'}
      </ConfirmDialog>
    </>
  )
}
