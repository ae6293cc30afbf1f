import { Modal } from '@/components/ui/Modal'

type Shortcut = { keys: string[][]; what: string }

/** Every key the panel answers to, by where it works. `keys`: the choices, each a combination. */
const SECTIONS: { heading: string; shortcuts: Shortcut[] }[] = [
  {
    heading: 'Anywhere',
    shortcuts: [
      { keys: [['Ctrl', 'K'], ['⌘', 'K']], what: 'Open the command palette: go to a screen, find a record, or act' },
      { keys: [['?']], what: 'Show these keyboard shortcuts (outside a text field)' },
      { keys: [['Esc']], what: 'Close the dialog, menu or palette that is open' },
    ],
  },
  {
    heading: 'In the command palette',
    shortcuts: [
      { keys: [['↑'], ['↓']], what: 'Move through the results' },
      { keys: [['Enter']], what: 'Open the result or do the action' },
    ],
  },
  {
    heading: 'In the text editor (Settings pages)',
    shortcuts: [
      { keys: [['Ctrl', 'B']], what: 'Bold' },
      { keys: [['Ctrl', 'I']], what: 'Italic' },
      { keys: [['Ctrl', 'U']], what: 'Underline' },
    ],
  },
]

const Keys = ({ keys }: { keys: string[][] }) => (
  <span className="flex flex-wrap items-center gap-1">
    {keys.map((combo, i) => (
      <span key={combo.join('+')} className="flex items-center gap-1">
        {i > 0 && <span className="text-xs text-slate-600">or</span>}
        {combo.map((key, j) => (
          <span key={key} className="flex items-center gap-1">
            {j > 0 && <span className="text-xs text-slate-600">+</span>}
            <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-xs font-semibold text-slate-800">{key}</kbd>
          </span>
        ))}
      </span>
    ))}
  </span>
)

/** "Keyboard shortcuts" (the `?` key, or the palette's action): a dialog listing them. Loaded when first opened. */
export default function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" width="lg">
      <div className="flex min-h-0 flex-col gap-5 overflow-y-auto px-5 py-4">
        {SECTIONS.map((section) => (
          <section key={section.heading}>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{section.heading}</h3>
            <dl className="flex flex-col gap-2">
              {section.shortcuts.map((s) => (
                <div key={s.what} className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                  <dt className="shrink-0">
                    <Keys keys={s.keys} />
                  </dt>
                  <dd className="text-slate-700 sm:text-right">{s.what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  )
}
