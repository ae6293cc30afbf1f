import { useId, useState, type FormHTMLAttributes, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, type Ref } from 'react'

/*
 * The form and its fields' parts, without a form library: the sign-in page draws its form with
 * these alone (its first visit loads no react-hook-form), and Field.tsx puts the same parts on
 * react-hook-form's fields for every other form. One module: what one of them needs, the other
 * nearly always does too, and a first visit then fetches one file for both.
 */

const isTypable = (el: Element): el is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
  (el instanceof HTMLInputElement && !['hidden', 'file', 'checkbox', 'radio', 'submit', 'button'].includes(el.type)) ||
  el instanceof HTMLSelectElement ||
  el instanceof HTMLTextAreaElement

/**
 * A form where Enter in a field moves focus to the next field, and in the last one submits,
 * so a keyboard user never reaches for the mouse. A textarea is a field to move to, but Enter inside it makes a new line.
 * Browser validation is off: the contract's schemas speak instead.
 */
export function Form({ children, onKeyDown, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const moveOnEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    onKeyDown?.(event)
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return
    if (event.target instanceof HTMLTextAreaElement) return
    const fields = Array.from(event.currentTarget.elements).filter(
      (el) => isTypable(el) && !el.disabled && !(el as HTMLInputElement).readOnly,
    ) as HTMLElement[]
    const index = fields.indexOf(event.target as HTMLElement)
    const next = index >= 0 ? fields[index + 1] : undefined
    if (next) {
      event.preventDefault()
      next.focus()
    }
  }
  return (
    <form noValidate onKeyDown={moveOnEnter} {...props}>
      {children}
    </form>
  )
}

/** A field's box: the red border and ring while its error shows. */
export const fieldInputClass = (error: unknown) =>
  `w-full rounded-md border bg-white px-3 py-2 text-sm outline-none focus:ring-2 ${
    error ? 'border-error-600 focus:ring-error-100' : 'border-slate-300 focus:border-primary-600 focus:ring-primary-100'
  }`

/** What a field's `aria-describedby` names: its hint and its error line, when shown. */
export const fieldDescribedBy = (id: string, hint: string | undefined, error: string | undefined) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined

/**
 * A field's frame: the label above the control (whose id is `id`), the hint and the error line
 * below it, with the ids `fieldDescribedBy` names.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className = '',
  children,
}: {
  id: string
  label: string
  hint?: string
  error?: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-error-600">
          {error}
        </p>
      )}
    </div>
  )
}

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form'> & {
  label: string
  hint?: string
  /** The message to show under the field, when it should show. */
  error?: string
  ref?: Ref<HTMLInputElement>
}

/**
 * Label, input and error line. The input is named by its label and described by its hint and
 * error; a password gets a Show/Hide button.
 */
export function TextInput({ label, hint, error, className = '', type = 'text', ...input }: TextInputProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const isPassword = type === 'password'

  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, hint, error)}
          className={`min-h-10 ${fieldInputClass(error)} ${isPassword ? 'pr-16' : ''}`}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setRevealed((r) => !r)}
            aria-label={revealed ? `Hide ${label}` : `Show ${label}`}
            aria-pressed={revealed}
            className="absolute inset-y-0 right-0 px-3 text-xs font-semibold text-primary-700"
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
    </FieldFrame>
  )
}
