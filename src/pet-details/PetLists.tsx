import type { PetDetails } from '@contract/pets'
import { dateLabel } from './labels'

/** A pet's vaccines, each with its date, or a note that none is recorded: the public page's and the panel's. */
export function VaccineList({ vaccines, className = '' }: { vaccines: PetDetails['vaccines']; className?: string }) {
  if (vaccines.length === 0) return <p className={`text-slate-600 ${className}`}>No vaccines recorded.</p>
  return (
    <ul className={`divide-y divide-slate-100 ${className}`}>
      {vaccines.map((v, i) => (
        <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
          <span className="min-w-0 font-medium break-words">{v.vaccine.name}</span>
          <span className="text-sm text-slate-600">{dateLabel(v.date)}</span>
        </li>
      ))}
    </ul>
  )
}

/** A pet's medications by name (the page shows the list only when there is one). */
export function MedicationList({ medications, className = '' }: { medications: PetDetails['medications']; className?: string }) {
  return (
    <ul className={`list-disc space-y-1 pl-5 ${className}`}>
      {medications.map((m, i) => (
        <li key={i} className="break-words">
          {m.name}
        </li>
      ))}
    </ul>
  )
}
