import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { http, notifyIfUnseen } from '@/lib/http'
import { DownloadIcon } from './list-icons'
import type { ListSearch } from './search'
import { ToolLabel, useToolButtonClass } from './tools'

/**
 * 'Export CSV': downloads the server's CSV of the list as it is filtered, searched and sorted now
 * (not only the page on screen), with the bearer token. Busy while it downloads; a failure is told
 * through the client's usual error messages.
 */
export function ExportCsvButton({
  path,
  query,
  filename,
  label = 'Export CSV',
}: {
  /** e.g. 'admin/users/export' */
  path: string
  query: ListSearch
  /** Used when the server names no file. */
  filename: string
  label?: string
}) {
  const [busy, setBusy] = useState(false)
  const size = useToolButtonClass()
  const exportCsv = async () => {
    setBusy(true)
    try {
      // Everything that selects and orders the rows (search, filter, sort and a list's own
      // fields such as a date range); not the page on screen.
      const { page: _page, limit: _limit, ...selection } = query
      await http.download(path, selection as Parameters<typeof http.download>[1], filename)
    } catch (error) {
      // Most failures were already toasted by the client; a 404 or 5xx was only logged.
      notifyIfUnseen(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" busy={busy} onClick={() => void exportCsv()} className={size}>
      {!busy && <DownloadIcon className="h-5 w-5" />}
      <ToolLabel>{label}</ToolLabel>
    </Button>
  )
}
