import { useCallback, useRef } from 'react'
import { useBlocker } from '@tanstack/react-router'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { deepEqual } from '@/lib/equal'

export type UnsavedChangesGuard = ReturnType<typeof useLeaveGuard>

/**
 * Asks before leaving a form whose values differ from its initial ones (its default values):
 * a navigation in the app waits for `UnsavedChangesDialog` (Stay or Leave), and closing or
 * reloading the tab gets the browser's own question. "Differ" compares the values themselves
 * (deeply), not touched or dirty flags: typing and then undoing it is no change.
 *
 * After a successful save call `release()` before navigating away, so the saved form does not ask.
 */
export function useUnsavedChangesGuard<T extends FieldValues>(form: UseFormReturn<T>) {
  return useLeaveGuard(
    // formState.defaultValues is the form's first values (or those of its last reset).
    useCallback(() => !deepEqual(form.getValues(), form.formState.defaultValues), [form]),
  )
}

/**
 * The same question for an editor that is not a react-hook-form form (the CMS pages' rich text):
 * `hasChanges` says whether what is on screen differs from what was loaded or last saved. It is
 * read when a navigation starts, so it may read refs; keep it stable.
 */
export function useLeaveGuard(hasChanges: () => boolean) {
  const armed = useRef(true)
  const isChanged = useCallback(() => armed.current && hasChanges(), [hasChanges])
  const blocker = useBlocker({
    // Moving within the same page (its search or hash) keeps the editor: no question.
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && isChanged(),
    enableBeforeUnload: isChanged,
    withResolver: true,
  })
  const release = useCallback(() => {
    armed.current = false
  }, [])
  return { blocker, isChanged, release }
}
