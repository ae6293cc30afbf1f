import { Suspense, useEffect, useId, useRef, useState, type ComponentProps } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { Faq } from '@contract'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Button } from '@/components/ui/Button'
import { useCan } from '@/lib/auth'
import { lazyChunk, useLazyTrigger, useOpenedOnce } from '@/lib/lazy-component'
import { ADMIN_ONLY_NOTE_FAQ } from './roles'
import { faqsQuery, useDeleteFaq, useReorderFaqs } from './api'

// The add and edit dialog (its form, Headless UI's Dialog) is not part of the page's first load:
// its code comes as an Add FAQ or Edit button is neared, or on the press.
const importFaqDialog = () => import('./FaqDialog')
const FaqDialog = lazyChunk(importFaqDialog, ChunkLoadFailed)

export const NO_FAQS_TEXT = "No FAQ's Found !!!"

/** Add FAQ and Edit: the dialog's code comes as the button is neared; pressed before, it stays busy until then. */
function FaqDialogButton({ onOpen, ...button }: Omit<ComponentProps<typeof Button>, 'onClick'> & { onOpen: () => void }) {
  const { start, trigger } = useLazyTrigger(importFaqDialog)
  return <Button {...button} {...trigger} onClick={() => start(onOpen)} />
}

type Direction = 'up' | 'down'
/** The list with the FAQ at `index` swapped with its neighbour. */
function moved(list: Faq[], index: number, direction: Direction): Faq[] {
  const other = direction === 'up' ? index - 1 : index + 1
  if (other < 0 || other >= list.length) return list
  const next = [...list]
  ;[next[index], next[other]] = [next[other]!, next[index]!]
  return next
}

/**
 * Settings > FAQ's: the FAQ in its public order. An admin adds and edits in a 900 px dialog,
 * deletes after a confirmation, and reorders with Move up / Move down (buttons, so the keyboard
 * does it too; the moved FAQ keeps the focus and the new position is announced). A sub admin reads
 * the list, with a note that only admins edit.
 */
export function FaqSettings() {
  const { data: faqs } = useSuspenseQuery(faqsQuery)
  const canEdit = useCan('faq.write')
  const headingId = useId()
  const [dialog, setDialog] = useState<{ open: boolean; faq?: Faq }>({ open: false })
  const dialogOpened = useOpenedOnce(dialog.open)
  const [deleting, setDeleting] = useState<Faq | null>(null)
  const remove = useDeleteFaq()
  const reorder = useReorderFaqs()
  const [announcement, setAnnouncement] = useState('')
  // After a move: the moved FAQ's button to focus again (React may have moved its node).
  const refocus = useRef<{ id: string; direction: Direction; index: number } | null>(null)
  const list = useRef<HTMLOListElement>(null)

  useEffect(() => {
    const target = refocus.current
    // Wait for the list to show the move (the optimistic order lands a moment after the click).
    if (!target || !list.current || faqs.findIndex((f) => f._id === target.id) !== target.index) return
    refocus.current = null
    const item = list.current.querySelector(`[data-faq-id="${CSS.escape(target.id)}"]`)
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]`)
    const other = item?.querySelector<HTMLButtonElement>(`[data-move="${target.direction === 'up' ? 'down' : 'up'}"]`)
    ;(wanted && !wanted.disabled ? wanted : other)?.focus()
  }, [faqs])

  const move = (index: number, direction: Direction) => {
    const next = moved(faqs, index, direction)
    if (next === faqs) return
    const faq = faqs[index]!
    const position = next.indexOf(faq)
    refocus.current = { id: faq._id, direction, index: position }
    setAnnouncement(`"${faq.title}" moved to position ${position + 1} of ${next.length}.`)
    reorder.mutate(next, {
      onError: () => {
        refocus.current = null
        setAnnouncement('The order could not be saved; the previous order is back.')
      },
    })
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          FAQ&apos;s
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {/* As the other content pages have it: what visitors see at /faq. */}
          <a href="/faq" target="_blank" rel="noopener noreferrer" className="text-sm font-semibold text-primary-700 underline">
            View public page
          </a>
          {canEdit && <FaqDialogButton onOpen={() => setDialog({ open: true })}>Add FAQ</FaqDialogButton>}
        </div>
      </div>
      {!canEdit && (
        <p role="note" className="rounded-md border border-secondary-200 bg-secondary-50 px-3 py-2 text-sm text-secondary-800">
          {ADMIN_ONLY_NOTE_FAQ}
        </p>
      )}
      {faqs.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-slate-500">{NO_FAQS_TEXT}</p>
      ) : (
        <ol ref={list} aria-labelledby={headingId} className="flex flex-col gap-3">
          {faqs.map((faq, index) => (
            <li key={faq._id} data-faq-id={faq._id} className="flex flex-col gap-3 rounded-md border border-slate-200 p-4 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <h3 className="break-words font-semibold text-slate-900">{faq.title}</h3>
                <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-600">{faq.description}</p>
              </div>
              {canEdit && (
                <div role="group" aria-label={`Actions for ${faq.title}`} className="flex shrink-0 flex-wrap gap-1">
                  <Button variant="ghost" data-move="up" disabled={index === 0} onClick={() => move(index, 'up')} className="px-3">
                    Move up
                  </Button>
                  <Button
                    variant="ghost"
                    data-move="down"
                    disabled={index === faqs.length - 1}
                    onClick={() => move(index, 'down')}
                    className="px-3"
                  >
                    Move down
                  </Button>
                  <FaqDialogButton variant="secondary" onOpen={() => setDialog({ open: true, faq })} className="px-3">
                    Edit
                  </FaqDialogButton>
                  <Button variant="danger" onClick={() => setDeleting(faq)} className="px-3">
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {canEdit && (
        <>
          {/* Keyed by the FAQ so each opening starts from that FAQ's values. */}
          <Suspense fallback={null}>
            {dialogOpened && <FaqDialog key={dialog.faq?._id ?? 'new'} open={dialog.open} faq={dialog.faq} onClose={() => setDialog({ open: false })} />}
          </Suspense>
          <ConfirmDialog
            open={deleting !== null}
            title="Delete FAQ?"
            confirmLabel="Delete"
            tone="danger"
            busy={remove.isPending}
            onClose={() => setDeleting(null)}
            onConfirm={() => {
              if (deleting) remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })
            }}
          >
            Delete &quot;{deleting?.title}&quot;? It will no longer show on the public FAQ page.
          </ConfirmDialog>
        </>
      )}
    </section>
  )
}
