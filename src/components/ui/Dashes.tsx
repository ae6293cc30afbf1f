import { DASHES } from '@/lib/format'

/** A missing value: dashes on screen, "Not available" for a screen reader. */
export function Dashes() {
  return (
    <span>
      <span aria-hidden="true" className="text-slate-400">
        {DASHES}
      </span>
      <span className="sr-only">Not available</span>
    </span>
  )
}

/** The value, or dashes when it is missing or blank. */
export function OrDashes({ value }: { value: string | number | null | undefined }) {
  return value === null || value === undefined || String(value).trim() === '' ? <Dashes /> : <>{value}</>
}
