import type { ReactNode } from 'react'
import { DialogPanel, DialogTitle } from '@headlessui/react'
import { Dialog } from '@/components/ui/Dialog'
import { roleLabel, type AuditEntry } from '@contract'
import { Button } from '@/components/ui/Button'
import { useOpenWhenMounted } from '@/components/ui/Modal'
import { OrDashes } from '@/components/ui/Dashes'
import { formatDateTime } from '@/lib/format'
import { BulkGroupLink } from './BulkGroupLink'
import { actionLabel, targetName, targetTypeLabel } from './labels'

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * One audit entry in full: what the table cuts (the request id) or leaves out (the target's id,
 * the raw action, the detail), the detail as pretty-printed JSON. A Headless UI Dialog: focus moves
 * to Close, stays inside while open, and returns to the View button on close (Escape, Close or the
 * backdrop). Loaded by ViewAuditEntry when first opened.
 */
export default function AuditEntryDialog({ entry, open, onClose }: { entry: AuditEntry; open: boolean; onClose: () => void }) {
  const { actor, target } = entry
  const shown = useOpenWhenMounted(open)
  return (
    <Dialog open={shown} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="flex max-h-full w-full max-w-2xl flex-col gap-4 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">Audit entry</DialogTitle>
          <dl className="flex flex-col gap-3">
            <Item label="Time">{formatDateTime(entry.at)}</Item>
            <Item label="Actor">
              <OrDashes value={actor?.email} />
              {actor && actor.role !== null && <span className="text-slate-500"> ({roleLabel[actor.role]})</span>}
            </Item>
            <Item label="Action">
              {actionLabel(entry.action)} <code className="ml-1 rounded bg-slate-100 px-1 text-xs">{entry.action}</code>
              {entry.count > 1 && <span className="block text-xs text-slate-500">{entry.count} times within the hour</span>}
            </Item>
            <Item label="Target">
              {target ? (
                <>
                  {targetTypeLabel(target.type)}: <OrDashes value={targetName(target)} />
                  {target.id && target.label && <span className="block text-xs text-slate-500">Id: {target.id}</span>}
                  {entry.group !== null && (
                    <span className="block">
                      <BulkGroupLink entry={{ ...entry, group: entry.group }} onClick={onClose} />
                    </span>
                  )}
                </>
              ) : (
                <OrDashes value={null} />
              )}
            </Item>
            <Item label="Address">
              <OrDashes value={entry.address} />
            </Item>
            <Item label="Request id">
              <span className="font-mono text-xs">
                <OrDashes value={entry.requestId} />
              </span>
            </Item>
            <Item label="Detail">
              {entry.detail && Object.keys(entry.detail).length > 0 ? (
                <pre className="max-h-72 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800">
                  {JSON.stringify(entry.detail, null, 2)}
                </pre>
              ) : (
                <OrDashes value={null} />
              )}
            </Item>
          </dl>
          <div className="flex justify-end">
            <Button variant="secondary" autoFocus onClick={onClose}>
              Close
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
