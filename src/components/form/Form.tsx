import type { FormHTMLAttributes, KeyboardEvent } from 'react'

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
