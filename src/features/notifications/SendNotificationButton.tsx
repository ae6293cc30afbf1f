import { Suspense, useEffect, useState } from 'react'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { SendIcon } from '@/components/layout/shell-icons'
import { Button } from '@/components/ui/Button'
import { lazyChunk, useLazyTrigger, useOpenedOnce } from '@/lib/lazy-component'
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
  const [open, setOpen] = useState(asked !== undefined)
  const opened = useOpenedOnce(open)
  const { start, trigger } = useLazyTrigger(importDialog)
  const size = useToolButtonClass()
  // Each arrival asks once (another palette choice while here is a new arrival).
  const [seen, setSeen] = useState(asked)
  if (seen !== asked) {
    setSeen(asked)
    if (asked !== undefined) setOpen(true)
  }
  // The ask is spent once the dialog is open: a reload or Back to this entry must not open it again.
  const navigate = useNavigate()
  useEffect(() => {
    if (asked !== undefined) void navigate({ to: '.', search: true, params: true, replace: true, state: (prev) => ({ ...prev, sendNotification: undefined }) })
  }, [asked, navigate])
  return (
    <>
      <Button onClick={() => start(() => setOpen(true))} {...trigger} className={size}>
        <SendIcon />
        <ToolLabel>Send Notification</ToolLabel>
      </Button>
      <Suspense fallback={null}>{opened && <SendNotificationDialog open={open} onClose={() => setOpen(false)} />}</Suspense>
    </>
  )
}
