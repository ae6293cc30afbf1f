import { useQuery } from '@tanstack/react-query'
import { NO_PUSH_SERVICE_LINE } from '@contract'
import { pushServiceQuery } from './api'

/** True once the server said it has no push service (not while asking, nor when the question failed: the server still refuses what it cannot do). */
export function useNoPushService() {
  return useQuery(pushServiceQuery).data?.configured === false
}

/** The one line the compose dialog and the details show while no push service is configured; nothing otherwise. */
export function NoPushServiceLine({ id }: { id?: string }) {
  if (!useNoPushService()) return null
  return (
    <p id={id} role="note" className="rounded-md border border-secondary-600/30 bg-secondary-50 px-3 py-2 text-sm text-secondary-800">
      {NO_PUSH_SERVICE_LINE}
    </p>
  )
}
