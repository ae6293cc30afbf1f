import { useMemo, type BaseSyntheticEvent, type ReactNode } from 'react'
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form'
import { EditConflictAlert, useEditConflict, type EditConflict } from './EditConflict'
import { Form } from './Form'
import { showSaveRefusal } from './image-edit'
import { SaveBar } from './SaveBar'
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard'

type SaveCallbacks<TDetails> = { onSuccess: (saved: { data: TDetails }) => void; onError: (error: unknown) => void }

/** What the form needs of its create or update mutation (TanStack Query's fits). */
type SaveMutation<TVariables, TDetails> = {
  isPending: boolean
  mutate: (variables: TVariables, callbacks: SaveCallbacks<TDetails>) => void
}

/**
 * The add or edit form of a record with images (a place, a site): the form, its leave guard, and
 * its save. Without `loaded` a save creates; with it, it updates from the version the form was
 * loaded from, and a 409 keeps the typed input and offers Reload (useEditConflict). A saved record
 * goes to `onSaved`, with nothing left to ask before leaving.
 */
export function useRecordForm<TInput extends FieldValues, TValues extends TInput, TDetails extends { _id: string; version: number }, TCreate, TUpdate>({
  loaded,
  defaults,
  resolver,
  fetchLatest,
  create,
  createBody,
  update,
  updateBody,
  onSaved,
}: {
  loaded: TDetails | undefined
  /** The form's values for a record, or for a new one (stable: module scope). */
  defaults: (details?: TDetails) => TInput
  resolver: Resolver<TInput, unknown, TValues>
  /** The record as the server has it now, not from the cache. */
  fetchLatest: (id: string) => Promise<TDetails>
  create: SaveMutation<TCreate, TDetails>
  createBody: (values: TValues) => TCreate
  update: SaveMutation<{ id: string; body: TUpdate }, TDetails>
  updateBody: (values: TValues, base: TDetails) => TUpdate
  onSaved: (saved: TDetails) => void
}) {
  const defaultValues = useMemo(() => defaults(loaded) as DefaultValues<TInput>, [defaults, loaded])
  const form = useForm<TInput, unknown, TValues>({ resolver, mode: 'onTouched', defaultValues })
  const guard = useUnsavedChangesGuard(form)
  const edit = useEditConflict({
    loaded,
    fetchLatest: () => fetchLatest(loaded?._id ?? ''),
    onReloaded: (fresh) => form.reset(defaults(fresh)),
  })
  const callbacks: SaveCallbacks<TDetails> = {
    onSuccess: ({ data }) => {
      guard.release()
      onSaved(data)
    },
    onError: showSaveRefusal(form, edit),
  }
  const submit = form.handleSubmit((values) => {
    if (edit.base) update.mutate({ id: edit.base._id, body: updateBody(values, edit.base) }, callbacks)
    else create.mutate(createBody(values), callbacks)
  })
  return { form, guard, edit, submit, editing: loaded !== undefined, saving: create.isPending || update.isPending }
}

/**
 * The form of `useRecordForm` in its white panel, named by the page's heading: the caller's
 * fields, then an edit conflict's alert and the SaveBar (Cancel, a link the caller draws, and the
 * submit button, held while images upload). The button says `addLabel` in an add form, Save
 * Changes in an edit.
 */
export function RecordForm({
  record,
  titleId,
  addLabel,
  uploading,
  cancel,
  children,
}: {
  record: { submit: (event?: BaseSyntheticEvent) => Promise<void>; edit: Pick<EditConflict, 'conflict' | 'reloading' | 'reload'>; editing: boolean; saving: boolean }
  titleId: string
  addLabel: string
  uploading: boolean
  cancel: ReactNode
  children: ReactNode
}) {
  return (
    <Form onSubmit={record.submit} aria-labelledby={titleId} className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      {children}
      <EditConflictAlert conflict={record.edit} />
      <SaveBar saving={record.saving} uploading={uploading} submitLabel={record.editing ? 'Save Changes' : addLabel} cancel={cancel} />
    </Form>
  )
}
