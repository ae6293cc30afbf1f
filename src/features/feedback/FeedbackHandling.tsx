import { useForm } from 'react-hook-form'
import { FEEDBACK_NOTE_MAX, type FeedbackDetails, type FeedbackNoteBody } from '@contract'
import { CountedField } from '@/components/form/CountedField'
import { applyServerErrors } from '@/components/form/Field'
import { Form } from '@/components/form/Form'
import { useLazyResolver } from '@/components/form/lazy-resolver'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/DetailsCard'
import { useCan } from '@/lib/auth'
import { formatDateTime } from '@/lib/format'
import { CallError, notifyIfUnseen } from '@/lib/http'
import { useAddFeedbackNote } from './api'
import { FeedbackStatusSelect } from './FeedbackStatusSelect'

/**
 * Handling a feedback: its status, saved as soon as it is chosen, and the admins' internal notes
 * (add one, read them newest first). A role without 'feedback.handle' sees the status and notes only.
 */
export function FeedbackHandling({ item }: { item: FeedbackDetails }) {
  const canHandle = useCan('feedback.handle')
  return (
    <>
      <Card title="Status">
        <FeedbackStatusSelect item={item} label={{ visible: 'Feedback status' }} className="w-full sm:w-64" />
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

function AddNote({ feedbackId }: { feedbackId: string }) {
  const addNote = useAddFeedbackNote(feedbackId)
  const resolver = useLazyResolver(() => import('./noteRules').then((rules) => rules.noteResolver))
  const form = useForm<FeedbackNoteBody, unknown, FeedbackNoteBody>({ resolver, defaultValues: { text: '' } })
  const submit = form.handleSubmit((values) =>
    addNote.mutate(values.text, {
      onSuccess: () => form.reset({ text: '' }),
      onError: (error) => {
        if (error instanceof CallError && error.fields) applyServerErrors(form, error.fields)
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
