import { useId, type ReactNode } from 'react'

/** One labelled value of a details card; `wide` spans the whole row (a description, an address). */
export type DetailField = [label: string, value: ReactNode, wide?: boolean]

/** A details page's card: a white panel named by its heading (a region to a screen reader). */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={titleId} className="mb-4 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Labelled values in a grid: a label above each value. */
export function DetailsList({ fields }: { fields: DetailField[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
      {fields.map(([label, value, wide]) => (
        <div key={label} className={`flex min-w-0 flex-col gap-0.5 ${wide ? 'sm:col-span-2 lg:col-span-3' : ''}`}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="whitespace-pre-line break-words text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A details page's card of labelled values (a user's profile, a place), with anything extra (a map link) below. */
export function DetailsCard({ title = 'Details', fields, children }: { title?: string; fields: DetailField[]; children?: ReactNode }) {
  return (
    <Card title={title}>
      <DetailsList fields={fields} />
      {children}
    </Card>
  )
}

/** 'View on map (opens in a new tab)': Google Maps at the coordinates. */
export function MapLink({ latitude, longitude }: { latitude: number; longitude: number }) {
  return (
    <a
      href={`https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-4 inline-block text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
    >
      View on map (opens in a new tab)
    </a>
  )
}
