import { useId, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SAVED_VIEW_NAME_MAX, type SavedView } from '@contract/saved-views'
import type { ListViewsProps } from '@/components/list/tools'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Modal } from '@/components/ui/Modal'
import { useCan } from '@/lib/auth'
import { savedViewsQuery, useDeleteView, useSaveView, useUpdateView } from './api'

const input =
  'h-10 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200'
const small = 'inline-flex h-9 items-center rounded-md border border-slate-300 px-2 text-xs font-semibold text-slate-700 hover:bg-slate-50'

/** A view's name and state without the page: what is saved (a view opens on its first page). */
const stateToSave = ({ page: _page, ...state }: ListViewsProps['state']) => state

/**
 * One view: a link to its state, and Rename and Delete for who may manage it; for an admin, also
 * Make personal (a shared view) or Share with all admins (their own).
 */
function ViewRow({
  view,
  canManage,
  canShare,
  onOpen,
}: {
  view: SavedView
  canManage: boolean
  canShare: boolean
  onOpen: () => void
}) {
  const [renaming, setRenaming] = useState(false)
  const [name, setName] = useState(view.name)
  const [deleting, setDeleting] = useState(false)
  const update = useUpdateView()
  const remove = useDeleteView()
  const nameId = useId()
  const rename = (event: FormEvent) => {
    event.preventDefault()
    update.mutate({ view, patch: { name } }, { onSuccess: () => setRenaming(false) })
  }
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      {renaming ? (
        <form onSubmit={rename} className="flex flex-1 flex-wrap items-center gap-2">
          <label htmlFor={nameId} className="sr-only">
            New name of {view.name}
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={SAVED_VIEW_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            className={`${input} flex-1`}
          />
          <Button type="submit" busy={update.isPending}>
            Save
          </Button>
          <Button variant="secondary" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <>
          <Link
            to="."
            search={view.state as never}
            onClick={onOpen}
            className="mr-auto min-h-10 content-center text-sm font-semibold text-primary-700 underline-offset-2 hover:underline"
          >
            {view.name}
          </Link>
          {view.shared && view.owner && <span className="text-xs text-slate-500">by {view.owner.email}</span>}
          {canManage && (
            <>
              <button type="button" className={small} onClick={() => setRenaming(true)} aria-label={`Rename ${view.name}`}>
                Rename
              </button>
              {canShare && (
                // Label in name: the visible text first, then which view.
                <button
                  type="button"
                  className={small}
                  onClick={() => update.mutate({ view, patch: { shared: !view.shared } })}
                  aria-label={`${view.shared ? 'Make personal' : 'Share with all admins'}: ${view.name}`}
                >
                  {view.shared ? 'Make personal' : 'Share with all admins'}
                </button>
              )}
              <button type="button" className={small} onClick={() => setDeleting(true)} aria-label={`Delete ${view.name}`}>
                Delete
              </button>
            </>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting}
        title={`Delete the view ${view.name}?`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(view, { onSettled: () => setDeleting(false) })}
        onClose={() => setDeleting(false)}
      >
        {view.shared ? 'Every admin will stop seeing it.' : 'Only you saw it.'}
      </ConfirmDialog>
    </li>
  )
}

/**
 * The Views dialog (loaded when first opened): the list's shared views and the admin's own, each a
 * link to its state (a view is also a link to share), Save current view (Shared, for admins), and
 * Rename and Delete for the admin's own views and, for admins, the shared ones, which admins also
 * make personal (it becomes theirs, within their 50) or share from their own.
 */
export default function ViewsDialog({ onClose, ...props }: ListViewsProps & { onClose: () => void }) {
  const views = useQuery(savedViewsQuery(props.list))
  const canShare = useCan('view.share')
  const save = useSaveView(props.list)
  const [name, setName] = useState('')
  const [shared, setShared] = useState(false)
  const nameId = useId()
  const all = views.data ?? []
  const groups = [
    { title: 'Shared views', rows: all.filter((v) => v.shared) },
    { title: 'My views', rows: all.filter((v) => !v.shared) },
  ]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ name, shared, state: stateToSave(props.state) }, { onSuccess: () => setName('') })
  }
  return (
    <Modal open onClose={onClose} title={`${props.name} views`} width="lg">
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-4">
        {views.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading views…
          </p>
        ) : views.isError ? (
          <p role="alert" className="text-sm text-error-700">
            {views.error.message}
          </p>
        ) : (
          groups.map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.title}</h3>
              {group.rows.length === 0 ? (
                <p className="py-2 text-sm text-slate-600">None yet.</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {group.rows.map((view) => (
                    <ViewRow
                      key={view._id}
                      view={view}
                      onOpen={onClose}
                      canManage={view.shared ? canShare : view.mine}
                      canShare={canShare && (view.shared || view.mine)}
                    />
                  ))}
                </ul>
              )}
            </section>
          ))
        )}
        <form onSubmit={submit} className="flex flex-col gap-3 border-t border-slate-200 pt-4" aria-label="Save current view">
          <label htmlFor={nameId} className="text-sm font-semibold text-slate-800">
            View name
          </label>
          <input
            id={nameId}
            value={name}
            required
            maxLength={SAVED_VIEW_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            className={input}
          />
          {canShare && (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={shared}
                onChange={(e) => setShared(e.target.checked)}
                className="h-4 w-4 rounded border-slate-400"
              />
              Shared with all admins
            </label>
          )}
          <div>
            <Button type="submit" busy={save.isPending} disabled={name.trim() === ''}>
              Save current view
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  )
}
