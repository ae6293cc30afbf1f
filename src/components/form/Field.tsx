import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'

type FieldProps<T extends FieldValues> = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'> & {
  form: UseFormReturn<T>
  name: Path<T>
  label: string
  hint?: string
}

/**
 * Label, input and error line. The error shows only when the field is invalid and touched,
 * so nobody is scolded before typing; submitting counts as touching every field, as it does for a person.
 */
export function TextField<T extends FieldValues>({ form, name, label, hint, className = '', type = 'text', ...input }: FieldProps<T>) {
  const id = useId()
  const shown = shownError(form, name)
  const [revealed, setRevealed] = useState(false)
  const isPassword = type === 'password'
  const describedBy = fieldDescribedBy(id, hint, shown)

  return (
    <FieldFrame id={id} label={label} hint={hint} error={shown} className={className}>
      <div className="relative">
        <input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          className={`min-h-10 ${fieldInputClass(shown)} ${isPassword ? 'pr-16' : ''}`}
          {...input}
          {...form.register(name)}
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

/**
 * The field's error message when it should show: the field is invalid and touched, or the form
 * was submitted. Reads the form state as a component does, so the caller re-renders on changes.
 */
export function shownError<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>): string | undefined {
  const { errors, touchedFields, isSubmitted } = form.formState
  const message = get<typeof errors, FieldError | undefined>(errors, name)?.message
  return message && (get(touchedFields, name) || isSubmitted) ? message : undefined
}

type TextAreaFieldProps<T extends FieldValues> = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'form'> & {
  form: UseFormReturn<T>
  name: Path<T>
  label: string
  hint?: string
}

/** `TextField` for longer text: label, a textarea (Enter makes a new line) and the same error line. */
export function TextAreaField<T extends FieldValues>({ form, name, label, hint, className = '', rows = 4, ...textarea }: TextAreaFieldProps<T>) {
  const id = useId()
  const shown = shownError(form, name)
  const describedBy = fieldDescribedBy(id, hint, shown)
  return (
    <FieldFrame id={id} label={label} hint={hint} error={shown} className={className}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        className={`resize-y ${fieldInputClass(shown)}`}
        {...textarea}
        {...form.register(name)}
      />
    </FieldFrame>
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

/** Put a 400's per-field messages back on the form that sent it. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, fields: Record<string, string> | undefined) {
  for (const [name, message] of Object.entries(fields ?? {})) {
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: true })
  }
}
