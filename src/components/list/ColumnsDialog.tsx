import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/Button'
import { Modal } from '@/components/ui/Modal'
import { withColumnShown, type ColumnChoice } from './columnChoice'

const moveButton =
  'inline-flex h-9 items-center rounded-md border border-slate-300 px-2 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40'

/**
 * The Columns dialog (loaded when first opened): a checkbox per column to show or hide it, Move up
 * and Move down to reorder the shown ones, Reset to default. Each change applies at once and is
 * saved (the choice is optimistic: a failure puts it back). The title and action columns cannot be
 * hidden. Focus stays inside while open and goes back to the Columns button after (Modal).
 */
export default function ColumnsDialog({ name, choice, onClose }: { name: string; choice: ColumnChoice; onClose: () => void }) {
  const { items, save, defaultOrder } = choice
  const shownIds = items.filter((item) => item.shown).map((item) => item.id)
  const toggle = (id: string, show: boolean) =>
    save(show ? withColumnShown(shownIds, id, defaultOrder) : shownIds.filter((shownId) => shownId !== id))
  // A move to the top or bottom disables the pressed button: focus goes to the row's other one,
  // once the new order has rendered, rather than falling to the page.
  const refocus = useRef<HTMLButtonElement | null>(null)
  useEffect(() => {
    if (refocus.current && document.activeElement !== refocus.current && !refocus.current.disabled) refocus.current.focus()
    refocus.current = null
  })
  const move = (index: number, by: -1 | 1, button: HTMLButtonElement) => {
    const next = [...shownIds]
    const [id] = next.splice(index, 1)
    next.splice(index + by, 0, id!)
    const atEdge = index + by === 0 || index + by === next.length - 1
    const other = (by < 0 ? button.nextElementSibling : button.previousElementSibling) as HTMLButtonElement | null
    refocus.current = atEdge ? other : null
    save(next)
  }
  return (
    <Modal open onClose={onClose} title={`${name} columns`} width="lg">
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
        <p className="mb-3 text-sm text-slate-600">
          Choose the columns shown and their order. The first and the actions column always show.
        </p>
        <ul className="flex flex-col divide-y divide-slate-100">
          {items.map((item, index) => (
            <li key={item.id} className="flex flex-wrap items-center gap-2 py-2">
              <label className="mr-auto flex min-h-10 items-center gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={item.shown}
                  disabled={item.fixed}
                  onChange={(event) => toggle(item.id, event.target.checked)}
                  className="h-4 w-4 rounded border-slate-400 text-primary-700 focus-visible:ring-2 focus-visible:ring-primary-300"
                />
                {item.label}
                {item.fixed && <span className="text-xs text-slate-500">(always shown)</span>}
              </label>
              {item.shown && (
                <>
                  <button
                    type="button"
                    className={moveButton}
                    disabled={index === 0}
                    onClick={(event) => move(index, -1, event.currentTarget)}
                    aria-label={`Move up: ${item.label}`}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className={moveButton}
                    disabled={index === shownIds.length - 1}
                    onClick={(event) => move(index, 1, event.currentTarget)}
                    aria-label={`Move down: ${item.label}`}
                  >
                    Move down
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">
        <Button variant="secondary" onClick={() => save(null)} disabled={!choice.chosen}>
          Reset to default
        </Button>
        <Button onClick={onClose}>Done</Button>
      </div>
    </Modal>
  )
}
