import { useRef } from 'react'

/**
 * The Idempotency-Key of a create form's submissions: the server carries out a create once per
 * key and answers a repeat with the first answer (server/http/idempotency.ts).
 *
 * A submission is the form's values as sent: sending the same values again (a retry after a
 * timeout or a lost answer, a double submit) reuses its key, so the record is created once;
 * other values are a new submission with a new key. After a success the next submission is a new
 * one, even with the same values (a second FAQ that reads like the first is the person's choice).
 */
export function useSubmissionKey() {
  const last = useRef<{ body: string; key: string } | null>(null)
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body)
      if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() }
      return last.current.key
    },
    reset() {
      last.current = null
    },
  }
}
