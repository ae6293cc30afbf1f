import { useId, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react'
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
  const describedBy = [hint && `${id}-hint`, shown && `${id}-error`].filter(Boolean).join(' ') || undefined

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          className={`min-h-10 w-full rounded-md border bg-white px-3 py-2 text-sm outline-none focus:ring-2 ${
            shown ? 'border-error-600 focus:ring-error-100' : 'border-slate-300 focus:border-primary-600 focus:ring-primary-100'
          } ${isPassword ? 'pr-16' : ''}`}
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
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {shown && (
        <p id={`${id}-error`} className="text-xs text-error-600">
          {shown}
        </p>
      )}
    </div>
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
  const describedBy = [hint && `${id}-hint`, shown && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        className={`w-full resize-y rounded-md border bg-white px-3 py-2 text-sm outline-none focus:ring-2 ${
          shown ? 'border-error-600 focus:ring-error-100' : 'border-slate-300 focus:border-primary-600 focus:ring-primary-100'
        }`}
        {...textarea}
        {...form.register(name)}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {shown && (
        <p id={`${id}-error`} className="text-xs text-error-600">
          {shown}
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
