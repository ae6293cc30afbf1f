import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { CallError, notifyIfUnseen } from '@/lib/http'

/** What the alert adds to the server's message: what Reload does to what was typed. */
export const RELOAD_REPLACES = 'Reloading replaces what you have typed here with the saved version; copy anything you want to keep first.'

/**
 * Edit conflicts (contract/versions.ts) in a form: the version the form was loaded from, which its
 * save sends back, and the 409 of a save made from an older version than the server's.
 *
 * On a 409 the typed input stays as it is and `conflict` holds the server's message for
 * `<EditConflictAlert>`; `reload()` fetches the latest details and hands them to `onReloaded`
 * (which resets the form to them), and the next save is made from their version. There is no
 * extra confirmation: after a refused save the form always holds unsaved changes, so a question
 * would always be asked; the alert says instead, before the click, that Reload replaces them.
 */
export function useEditConflict<T extends { version: number }>({
  loaded,
  fetchLatest,
  onReloaded,
}: {
  /** The details the form starts from (none in an add form, which never conflicts). */
  loaded: T | undefined
  /** The latest details, fetched from the server (not from the cache). */
  fetchLatest: () => Promise<T>
  /** Puts the form back to `fresh`. */
  onReloaded: (fresh: T) => void
}) {
  const [base, setBase] = useState(loaded)
  const [conflict, setConflict] = useState<string | null>(null)
  const [reloading, setReloading] = useState(false)
  return {
    /** The details the form was loaded from: its save sends `base.version`. */
    base,
    conflict,
    reloading,
    /** Whether a save's failure is an edit conflict (then shown by the alert, not a toast). */
    caught(error: unknown): boolean {
      if (!(error instanceof CallError) || error.status !== 409) return false
      setConflict(error.message)
      return true
    },
    /** After a save that stays on the screen: the next save is made from the saved version. */
    saved(fresh: T) {
      setBase(fresh)
      setConflict(null)
    },
    async reload() {
      setReloading(true)
      try {
        const fresh = await fetchLatest()
        setBase(fresh)
        setConflict(null)
        onReloaded(fresh)
      } catch (error) {
        // The alert stays, so Reload can be tried again; the client has said why (or say it now).
        notifyIfUnseen(error)
      } finally {
        setReloading(false)
      }
    },
  }
}

export type EditConflict = ReturnType<typeof useEditConflict>

/** The conflict of `useEditConflict`, in the form: the server's message, what Reload does, and Reload. */
export function EditConflictAlert({ conflict }: { conflict: Pick<EditConflict, 'conflict' | 'reloading' | 'reload'> }) {
  if (conflict.conflict === null) return null
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-md border border-secondary-200 bg-secondary-50 px-4 py-3 text-sm text-secondary-900 sm:flex-row sm:items-center">
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{conflict.conflict}</p>
        <p>{RELOAD_REPLACES}</p>
      </div>
      <Button variant="secondary" busy={conflict.reloading} onClick={() => void conflict.reload()} className="shrink-0 sm:ml-auto">
        Reload
      </Button>
    </div>
  )
}
