import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { richTextClass } from './RichContent'
import { sanitizeRichText } from './sanitize'

/** What the editor holds as HTML; '' when it is empty. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML())

/**
 * The CMS page editor (TipTap), loaded lazily by the settings pages so that no other route
 * carries it. It makes only what the server's sanitiser keeps: paragraphs, headings 1 to 4,
 * bold, italic, underline, strike, lists, quotes, code, rules and links.
 *
 * The toolbar is a WAI-ARIA toolbar: one Tab stop, arrow keys (and Home/End) move between its
 * buttons; every button has a name, and the formatting ones say with aria-pressed whether the
 * text at the cursor has that format.
 */
export default function RichTextEditor({
  label,
  initialHtml,
  onChange,
  onReady,
}: {
  /** The editing area's accessible name. */
  label: string
  initialHtml: string
  /** The editor's HTML after every change ('' when empty). */
  onChange: (html: string) => void
  /** The editor's HTML as it first holds `initialHtml`: the editor may write the same page differently. */
  onReady?: (html: string) => void
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          isAllowedUri: (url) => isAllowedAddress(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
        },
      }),
    ],
    content: sanitizeRichText(initialHtml),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: `${richTextClass} min-h-80 px-4 py-3 outline-none`,
      },
    },
    onCreate: ({ editor }) => onReady?.(htmlOf(editor)),
    onUpdate: ({ editor }) => onChange(htmlOf(editor)),
  })

  return (
    <div className="overflow-hidden rounded-md border border-slate-300 bg-white focus-within:border-primary-600 focus-within:ring-2 focus-within:ring-primary-100">
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} />
    </div>
  )
}

/** An address a link may point to: http(s), mailto or tel (the server's rule). */
const ALLOWED_ADDRESS = /^(https?:\/\/[^\s/]|mailto:\S|tel:\S)/i
const isAllowedAddress = (url: string) => ALLOWED_ADDRESS.test(url.trim())

/** What was typed into the link field, as a link address: 'example.com' reads as https://example.com. */
export function toLinkAddress(typed: string): string | null {
  const value = typed.trim()
  if (!value) return null
  if (isAllowedAddress(value)) return value
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null // another scheme (javascript:, data:...)
  if (/^[^\s/@]+\.[^\s/@]+/.test(value)) return `https://${value}`
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`
  return null
}

export const LINK_ADDRESS_MESSAGE = 'Enter a web address (https://...), an email address or a phone number (tel:...)'

type ToolState = {
  bold: boolean
  italic: boolean
  underline: boolean
  strike: boolean
  h1: boolean
  h2: boolean
  h3: boolean
  bulletList: boolean
  orderedList: boolean
  blockquote: boolean
  link: boolean
  canUndo: boolean
  canRedo: boolean
}

type Tool = {
  name: string
  icon: ReactNode
  /** Pressed state, for the formatting toggles; none for actions (undo, redo). */
  pressed?: keyof ToolState
  enabled?: keyof ToolState
  run: (editor: Editor) => void
  /** The keyboard shortcut, as a hint in the tooltip. */
  keys?: string
}

const chain = (editor: Editor) => editor.chain().focus()

const TOOLS: (Tool | 'separator')[] = [
  { name: 'Bold', icon: <b>B</b>, pressed: 'bold', keys: 'Ctrl+B', run: (e) => chain(e).toggleBold().run() },
  { name: 'Italic', icon: <i className="font-serif">I</i>, pressed: 'italic', keys: 'Ctrl+I', run: (e) => chain(e).toggleItalic().run() },
  { name: 'Underline', icon: <u>U</u>, pressed: 'underline', keys: 'Ctrl+U', run: (e) => chain(e).toggleUnderline().run() },
  { name: 'Strikethrough', icon: <s>S</s>, pressed: 'strike', run: (e) => chain(e).toggleStrike().run() },
  'separator',
  // The name starts with the visible "H1", so that what is seen can be said (voice control).
  { name: 'H1 (Heading 1)', icon: 'H1', pressed: 'h1', run: (e) => chain(e).toggleHeading({ level: 1 }).run() },
  { name: 'H2 (Heading 2)', icon: 'H2', pressed: 'h2', run: (e) => chain(e).toggleHeading({ level: 2 }).run() },
  { name: 'H3 (Heading 3)', icon: 'H3', pressed: 'h3', run: (e) => chain(e).toggleHeading({ level: 3 }).run() },
  'separator',
  { name: 'Bulleted list', icon: <ListIcon />, pressed: 'bulletList', run: (e) => chain(e).toggleBulletList().run() },
  { name: 'Numbered list', icon: <NumberedListIcon />, pressed: 'orderedList', run: (e) => chain(e).toggleOrderedList().run() },
  { name: 'Quote', icon: <QuoteIcon />, pressed: 'blockquote', run: (e) => chain(e).toggleBlockquote().run() },
  // Opens the link row (the toolbar handles it); pressed when the cursor is in a link.
  { name: 'Link', icon: <LinkIcon />, pressed: 'link', run: () => {} },
  'separator',
  { name: 'Undo', icon: <UndoIcon />, enabled: 'canUndo', keys: 'Ctrl+Z', run: (e) => chain(e).undo().run() },
  { name: 'Redo', icon: <RedoIcon />, enabled: 'canRedo', keys: 'Ctrl+Shift+Z', run: (e) => chain(e).redo().run() },
]
/** The buttons in toolbar order, for the arrow keys. */
const BUTTONS = TOOLS.filter((t): t is Tool => t !== 'separator')
const LINK_INDEX = BUTTONS.findIndex((t) => t.name === 'Link')

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }): ToolState => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const [linkOpen, setLinkOpen] = useState(false)
  // Roving focus: one Tab stop for the whole toolbar, arrows move inside it.
  const [current, setCurrent] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = BUTTONS.length
    const step = ({ ArrowRight: 1, ArrowLeft: -1 } as Record<string, number>)[event.key]
    let next: number | undefined
    if (step) next = (current + step + count) % count
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = count - 1
    if (next === undefined) return
    event.preventDefault()
    setCurrent(next)
    buttons.current[next]?.focus()
  }

  return (
    <>
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        onKeyDown={moveFocus}
        className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
      >
        {TOOLS.map((tool, position) => {
          if (tool === 'separator') return <span key={`separator-${position}`} aria-hidden="true" className="mx-1 h-6 w-px bg-slate-300" />
          const i = BUTTONS.indexOf(tool)
          return (
            <ToolButton
              key={tool.name}
              ref={(el) => {
                buttons.current[i] = el
              }}
              name={tool.name}
              title={tool.keys ? `${tool.name} (${tool.keys})` : tool.name}
              pressed={tool.pressed ? state[tool.pressed] : undefined}
              disabled={tool.enabled ? !state[tool.enabled] : false}
              tabIndex={i === current ? 0 : -1}
              onFocus={() => setCurrent(i)}
              onClick={() => (i === LINK_INDEX ? setLinkOpen((open) => !open) : tool.run(editor))}
            >
              {tool.icon}
            </ToolButton>
          )
        })}
      </div>
      {linkOpen && (
        <LinkForm
          editor={editor}
          onDone={() => setLinkOpen(false)}
          onCancel={() => {
            setLinkOpen(false)
            buttons.current[LINK_INDEX]?.focus()
          }}
        />
      )}
    </>
  )
}

function ToolButton({
  name,
  pressed,
  disabled = false,
  children,
  onClick,
  ...props
}: {
  ref: (el: HTMLButtonElement | null) => void
  name: string
  title: string
  pressed?: boolean
  disabled?: boolean
  tabIndex: number
  children: ReactNode
  onFocus: () => void
  onClick: () => void
}) {
  return (
    <button
      type="button"
      aria-label={name}
      aria-pressed={pressed}
      // aria-disabled, not disabled: a disabled button would drop out of the arrow-key order.
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick()
      }}
      // Keep the editor's selection: the button acts on it, then gives focus back.
      onMouseDown={(event) => event.preventDefault()}
      className={`inline-flex h-9 min-w-9 items-center justify-center rounded px-2 text-sm font-semibold transition-colors ${
        pressed ? 'bg-primary-100 text-primary-800' : 'text-slate-700 hover:bg-slate-200'
      } ${disabled ? 'cursor-not-allowed opacity-40 hover:bg-transparent' : ''}`}
      {...props}
    >
      {children}
    </button>
  )
}

/** The link row under the toolbar: the address for the selected text (or a new linked text). */
function LinkForm({ editor, onDone, onCancel }: { editor: Editor; onDone: () => void; onCancel: () => void }) {
  const id = useId()
  const current = (editor.getAttributes('link').href as string | undefined) ?? ''
  const [value, setValue] = useState(current)
  const [error, setError] = useState<string | null>(null)

  const apply = (event: FormEvent) => {
    event.preventDefault()
    event.stopPropagation()
    const href = toLinkAddress(value)
    if (!href) {
      setError(LINK_ADDRESS_MESSAGE)
      return
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain(editor).insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href } }] }).run()
    } else {
      chain(editor).extendMarkRange('link').setLink({ href }).run()
    }
    onDone()
  }
  const remove = () => {
    chain(editor).extendMarkRange('link').unsetLink().run()
    onDone()
  }

  return (
    // Not a <form>: it sits inside the page's form, and forms do not nest.
    <div
      role="group"
      aria-label="Link"
      className="flex flex-wrap items-start gap-2 border-b border-slate-200 bg-white px-3 py-2"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onCancel()
        }
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) apply(event)
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="sr-only">
          Link address
        </label>
        <input
          id={id}
          type="text"
          inputMode="url"
          autoFocus
          placeholder="https://example.com"
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            setError(null)
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`min-h-9 w-full rounded-md border px-3 py-1.5 text-sm outline-none focus:ring-2 ${
            error ? 'border-error-600 focus:ring-error-100' : 'border-slate-300 focus:border-primary-600 focus:ring-primary-100'
          }`}
        />
        {error && (
          <p id={`${id}-error`} className="text-xs text-error-600">
            {error}
          </p>
        )}
      </div>
      <button type="button" onClick={apply} className="min-h-9 rounded-md bg-primary-700 px-3 text-sm font-semibold text-white hover:bg-primary-800">
        Apply link
      </button>
      {editor.isActive('link') && (
        <button type="button" onClick={remove} className="min-h-9 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Remove link
        </button>
      )}
      <button type="button" onClick={onCancel} className="min-h-9 rounded-md px-3 text-sm font-semibold text-primary-700 hover:bg-primary-50">
        Cancel
      </button>
    </div>
  )
}

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="h-5 w-5">
      {children}
    </svg>
  )
}
function ListIcon() {
  return (
    <Svg>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" fill="currentColor" />
      <circle cx="4.5" cy="12" r="1" fill="currentColor" />
      <circle cx="4.5" cy="18" r="1" fill="currentColor" />
    </Svg>
  )
}
function NumberedListIcon() {
  return (
    <Svg>
      <path d="M10 6h10M10 12h10M10 18h10M4 5l1-1v4M3.5 14.5c0-1 2-1.5 2 0 0 1-2 1.5-2 3h2.2" />
    </Svg>
  )
}
function QuoteIcon() {
  return (
    <Svg>
      <path d="M6 17c-1.5 0-2.5-1-2.5-3 0-3 2-6 5-7M15 17c-1.5 0-2.5-1-2.5-3 0-3 2-6 5-7" />
    </Svg>
  )
}
function LinkIcon() {
  return (
    <Svg>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </Svg>
  )
}
function UndoIcon() {
  return (
    <Svg>
      <path d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />
    </Svg>
  )
}
function RedoIcon() {
  return (
    <Svg>
      <path d="M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />
    </Svg>
  )
}
