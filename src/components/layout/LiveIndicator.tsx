import { useState } from 'react'
import { useLiveStatus } from '@/lib/live-hooks'
import type { LiveStatus } from '@/lib/live-status'

const LOOK: Record<Exclude<LiveStatus, 'connecting'>, { text: string; dot: string; title: string }> = {
  live: { text: 'Live', dot: 'bg-emerald-500', title: 'Live: changes made anywhere show here as they happen' },
  offline: { text: 'Offline', dot: 'bg-amber-500', title: 'Offline: live updates are paused; the dashboard refreshes every 30 seconds' },
}

/**
 * The top bar's dot and word for the live update stream. Screen readers hear a change only after
 * the stream was live once (a pause, then its return), not the connection every page load makes.
 */
export function LiveIndicator() {
  const status = useLiveStatus()
  const [shown, setShown] = useState(status)
  const [wasLive, setWasLive] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  if (shown !== status) {
    setShown(status)
    if (wasLive && status !== 'connecting') setAnnouncement(status === 'live' ? 'Live updates resumed' : 'Live updates paused')
    if (status === 'live') setWasLive(true)
  }
  const look = status === 'connecting' ? undefined : LOOK[status]
  return (
    <div className="flex min-w-16 items-center gap-1.5 px-1 text-xs font-medium text-slate-600" title={look?.title}>
      {look && (
        <>
          <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${look.dot}`} />
          <span>
            <span className="sr-only">Updates: </span>
            {look.text}
          </span>
        </>
      )}
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  )
}
