import { Suspense, useEffect, useState } from 'react'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { SendIcon } from '@/components/layout/shell-icons'
import { Button } from '@/components/ui/Button'
import { lazyChunk, useLazyDialog } from '@/lib/lazy-component'
import { ToolLabel, useToolButtonClass } from '@/components/list/tools'

// The dialog (its form, Headless UI's Dialog, the recipient picker, date-fns) is not part of the
// list's first load: its code comes as the button is neared, or on the press.
const importDialog = () => import('./SendNotificationDialog')
const SendNotificationDialog = lazyChunk(importDialog, ChunkLoadFailed)

/**
 * "Send Notification" in the list's header, and the dialog it opens; also opened by arriving
 * with `sendNotification` in the history state (the command palette's Send notification). The
 * dialog is mounted when first opened.
 */
export function SendNotificationButton() {
  const asked = useRouterState({ select: (s) => (s.location.state.sendNotification ? s.location.state.__TSR_key : undefined) })
  const dialog = useLazyDialog(importDialog, asked !== undefined)
  const size = useToolButtonClass()
  // Each arrival asks once (another palette choice while here is a new arrival).
  const [seen, setSeen] = useState(asked)
  if (seen !== asked) {
    setSeen(asked)
    if (asked !== undefined) dialog.setOpen(true)
  }
  // The ask is spent once the dialog is open: a reload or Back to this entry must not open it again.
  const navigate = useNavigate()
  useEffect(() => {
    if (asked !== undefined) void navigate({ to: '.', search: true, params: true, replace: true, state: (prev) => ({ ...prev, sendNotification: undefined }) })
  }, [asked, navigate])
  return (
    <>
      <Button onClick={dialog.show} {...dialog.trigger} className={size}>
        <SendIcon />
        <ToolLabel>Send Notification</ToolLabel>
      </Button>
      <Suspense fallback={null}>{dialog.opened && <SendNotificationDialog open={dialog.open} onClose={dialog.close} />}</Suspense>
    </>
  )
}
