import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { get, useWatch, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'

type Shared<T extends FieldValues> = {
  form: UseFormReturn<T>
  name: Path<T>
  label: string
  /** The rule's most characters: the counter reads 'n/max' and turns red past it. */
  max: number
  /** Focused first when the dialog opens. */
  initialFocus?: boolean
}
type Props<T extends FieldValues> = Shared<T> &
  (
    | ({ multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>)
    | ({ multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'form'>)
  )

/**
 * A text field with a character counter (a notification's title and text, a feedback's note):
 * label, input or text area, 'n/max' under it, and the error line (shown when invalid and touched,
 * or after a submit, as `TextField` does). The counter lets typing go past the limit (a paste is
 * never cut silently); the schema's message says what is wrong.
 */
export function CountedField<T extends FieldValues>(props: Props<T>) {
  const { form, name, label, max, initialFocus = false, className = '', ...control } = props
  const id = useId()
  const value = useWatch({ control: form.control, name }) as unknown
  const length = typeof value === 'string' ? value.length : 0
  const { errors, touchedFields, isSubmitted } = form.formState
  const message = get<typeof errors, FieldError | undefined>(errors, name)?.message
  const shown = message && (get(touchedFields, name) || isSubmitted) ? message : undefined
  const describedBy = [`${id}-count`, shown && `${id}-error`].filter(Boolean).join(' ')
  const over = length > max
  const inputClass = `w-full rounded-md border bg-white px-3 py-2 text-sm outline-none focus:ring-2 ${
    shown ? 'border-error-600 focus:ring-error-100' : 'border-slate-300 focus:border-primary-600 focus:ring-primary-100'
  }`
  const common = {
    id,
    'aria-invalid': shown ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': true,
    'data-autofocus': initialFocus || undefined,
  }

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        <span aria-hidden="true" className="text-error-600">
          {' '}
          *
        </span>
      </label>
      {control.multiline ? (
        <textarea
          rows={4}
          {...common}
          className={`${inputClass} min-h-24 resize-y`}
          {...withoutMultiline(control)}
          {...form.register(name)}
        />
      ) : (
        <input type="text" {...common} className={`${inputClass} min-h-10`} {...withoutMultiline(control)} {...form.register(name)} />
      )}
      <div className="flex items-start justify-between gap-3">
        {shown ? (
          <p id={`${id}-error`} className="text-xs text-error-600">
            {shown}
          </p>
        ) : (
          <span />
        )}
        <span id={`${id}-count`} className={`shrink-0 text-xs tabular-nums ${over ? 'font-semibold text-error-600' : 'text-slate-500'}`}>
          <span aria-hidden="true">{`${length}/${max}`}</span>
          <span className="sr-only">{`${length} of ${max} characters`}</span>
        </span>
      </div>
    </div>
  )
}

function withoutMultiline<C extends { multiline?: boolean }>({ multiline: _multiline, ...rest }: C) {
  return rest
}
