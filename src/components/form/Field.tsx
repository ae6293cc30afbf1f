import { useId, type TextareaHTMLAttributes } from 'react'
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import { FieldFrame, TextInput, fieldDescribedBy, fieldInputClass, type TextInputProps } from './Form'

type FieldProps<T extends FieldValues> = Omit<TextInputProps, 'name' | 'form' | 'error'> & {
  form: UseFormReturn<T>
  name: Path<T>
}

/**
 * Label, input and error line (Form.tsx's TextInput) of a react-hook-form field. The error shows
 * only when the field is invalid and touched, so nobody is scolded before typing; submitting counts
 * as touching every field, as it does for a person.
 */
export function TextField<T extends FieldValues>({ form, name, ...input }: FieldProps<T>) {
  return <TextInput {...input} error={shownError(form, name)} {...form.register(name)} />
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

/** Put a 400's per-field messages back on the form that sent it. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, fields: Record<string, string> | undefined) {
  for (const [name, message] of Object.entries(fields ?? {})) {
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: true })
  }
}
