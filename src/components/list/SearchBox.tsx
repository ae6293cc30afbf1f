import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from '@contract'
import { ClearIcon, SearchIcon } from './list-icons'

/**
 * The list's search box: labelled 'Search', a clear button only while there is
 * text, and the value sent `SEARCH_DEBOUNCE_MS` (500 ms) after the last keystroke, or at once on
 * Enter or clear. `value` is the search in effect (from the URL); when it changes from outside
 * (back button, a shared link) the box follows it.
 */
export function SearchBox({
  value,
  onSearch,
  label = 'Search',
  className = '',
}: {
  value: string
  onSearch: (search: string) => void
  label?: string
  className?: string
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setText(value)
  }

  const send = (next: string) => {
    if (next !== value) onSearch(next)
  }
  // The latest `onSearch` without restarting the pause whenever the parent renders.
  const sendAfterPause = useEffectEvent(send)
  const wanted = text.trim()
  useEffect(() => {
    if (wanted === value) return
    const timer = setTimeout(() => sendAfterPause(wanted), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [wanted, value])

  return (
    <form
      role="search"
      className={`relative flex min-w-0 items-center ${className}`}
      onSubmit={(event) => {
        event.preventDefault()
        send(wanted)
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 h-5 w-5 text-slate-400" />
      <input
        ref={input}
        id={id}
        type="search"
        value={text}
        placeholder={label}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
        className="h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white pl-10 pr-10 text-sm text-slate-900 placeholder:text-slate-400 focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600/30 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {text !== '' && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setText('')
            send('')
            input.current?.focus()
          }}
          className="absolute right-1 inline-flex h-8 w-8 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <ClearIcon className="h-4 w-4" />
        </button>
      )}
    </form>
  )
}
