import { useCallback, useRef } from 'react'
import { useBlocker } from '@tanstack/react-router'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { deepEqual } from '@/lib/equal'

export type UnsavedChangesGuard = ReturnType<typeof useUnsavedChangesGuard>

/**
 * Asks before leaving a form whose values differ from its initial ones (its default values):
 * a navigation in the app waits for `UnsavedChangesDialog` (Stay or Leave), and closing or
 * reloading the tab gets the browser's own question. "Differ" compares the values themselves
 * (deeply), not touched or dirty flags: typing and then undoing it is no change.
 *
 * After a successful save call `release()` before navigating away, so the saved form does not ask.
 */
export function useUnsavedChangesGuard<T extends FieldValues>(form: UseFormReturn<T>) {
  const armed = useRef(true)
  const isChanged = useCallback(
    // formState.defaultValues is the form's first values (or those of its last reset).
    () => armed.current && !deepEqual(form.getValues(), form.formState.defaultValues),
    [form],
  )
  const blocker = useBlocker({
    // Moving within the same page (its search or hash) keeps the form: no question.
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && isChanged(),
    enableBeforeUnload: isChanged,
    withResolver: true,
  })
  const release = useCallback(() => {
    armed.current = false
  }, [])
  return { blocker, isChanged, release }
}
