import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { FEEDBACK_NOTE_MAX, feedbackNoteBody, type FeedbackDetails, type FeedbackNoteBody, type FeedbackStatus } from '@contract'
import { CountedField } from '@/components/form/CountedField'
import { applyServerErrors, fieldInputClass } from '@/components/form/Field'
import { Form } from '@/components/form/Form'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/DetailsCard'
import { useCan } from '@/lib/auth'
import { formatDateTime } from '@/lib/format'
import { ApiError, notifyIfUnseen } from '@/lib/http'
import { useAddFeedbackNote, useSetFeedbackStatus } from './api'
import { FeedbackStatusBadge, feedbackStatusOptions } from './FeedbackStatusBadge'

/**
 * Handling a feedback: its status, saved as soon as it is chosen, and the admins' internal notes
 * (add one, read them newest first). A role without 'feedback.handle' sees the status and notes only.
 */
export function FeedbackHandling({ item }: { item: FeedbackDetails }) {
  const canHandle = useCan('feedback.handle')
  return (
    <>
      <Card title="Status">
        {canHandle ? <StatusPicker item={item} /> : <FeedbackStatusBadge status={item.status} />}
      </Card>
      <Card title="Internal Notes">
        <div className="flex flex-col gap-4">
          {canHandle && <AddNote feedbackId={item._id} />}
          <NoteList notes={item.notes} />
        </div>
      </Card>
    </>
  )
}

function StatusPicker({ item }: { item: FeedbackDetails }) {
  const id = useId()
  const setStatus = useSetFeedbackStatus()
  return (
    <div className="flex w-full flex-col gap-1 sm:w-64">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Feedback status
      </label>
      <select
        id={id}
        value={String(item.status)}
        disabled={setStatus.isPending}
        aria-busy={setStatus.isPending || undefined}
        onChange={(event) => setStatus.mutate({ id: item._id, status: Number(event.target.value) as FeedbackStatus })}
        className={`min-h-10 ${fieldInputClass(undefined)}`}
      >
        {feedbackStatusOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function AddNote({ feedbackId }: { feedbackId: string }) {
  const addNote = useAddFeedbackNote(feedbackId)
  const form = useForm<FeedbackNoteBody, unknown, FeedbackNoteBody>({ resolver: zodResolver(feedbackNoteBody), defaultValues: { text: '' } })
  const submit = form.handleSubmit((values) =>
    addNote.mutate(values.text, {
      onSuccess: () => form.reset({ text: '' }),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) applyServerErrors(form, error.fields)
        else notifyIfUnseen(error)
      },
    }),
  )
  return (
    <Form onSubmit={submit} aria-label="Add an internal note" className="flex flex-col gap-2">
      <CountedField form={form} name="text" label="Internal note" max={FEEDBACK_NOTE_MAX} multiline rows={3} />
      <div className="flex justify-end">
        <Button type="submit" busy={addNote.isPending} className="w-full sm:w-auto">
          Add note
        </Button>
      </div>
    </Form>
  )
}

function NoteList({ notes }: { notes: FeedbackDetails['notes'] }) {
  if (notes.length === 0) return <p className="text-sm text-slate-600">No notes yet.</p>
  return (
    <ol aria-label="Notes, newest first" className="flex flex-col divide-y divide-slate-200">
      {notes.map((note) => (
        <li key={note._id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <p className="text-xs text-slate-500">
            <span className="font-semibold text-slate-700">{note.author?.name ?? 'A removed admin'}</span>
            {' · '}
            <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
          </p>
          <p className="whitespace-pre-line break-words text-sm text-slate-900">{note.text}</p>
        </li>
      ))}
    </ol>
  )
}
