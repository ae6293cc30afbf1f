import { useMutation } from '@tanstack/react-query'
import { importResult, type ImportKind } from '@contract'
import { http, notifyIfUnseen, withData } from '@/lib/http'
import { notify } from '@/lib/toast'

/**
 * Settings > Import, admins only ('import.run'): POST admin/import/{kind}/preview (what each row
 * would come to), POST admin/import/{kind} (add the new rows), GET admin/import/{kind}/template.
 */
export type ImportFile = { kind: ImportKind; csv: string }

const answer = withData(importResult)

export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ kind, csv }: ImportFile) => http.post(`admin/import/${kind}/preview`, answer, { csv }),
    onError: notifyIfUnseen,
  })
}

/** A commit fetches each new row's pictures, which can take minutes for a large file; the screen waits for its answer. */
const COMMIT_TIMEOUT_MS = 10 * 60_000

/** POST admin/import/{kind}: the rows added show in their lists (an import adds places, cities or sites). */
export function useCommitImport() {
  return useMutation({
    meta: { changes: ['places', 'cities', 'sites'] },
    mutationFn: ({ kind, csv }: ImportFile) => http.post(`admin/import/${kind}`, answer, { csv }, { timeoutMs: COMMIT_TIMEOUT_MS }),
    onSuccess: ({ message, data }) => {
      notify.success(`${message}: ${data.counts.created} added`)
    },
    onError: notifyIfUnseen,
  })
}

export const downloadTemplate = (kind: ImportKind) => http.download(`admin/import/${kind}/template`, undefined, `${kind}-import.csv`)
