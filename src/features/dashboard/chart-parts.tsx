import { useId, type ReactNode } from 'react'
import type { ChartPoint } from '@contract'
import { count } from '@/lib/count'

/**
 * The dashboard's charts, drawn with plain SVG and CSS (no chart library): bars over time and
 * shares of a whole. Each says what it shows in words (a sentence, and a table of the numbers),
 * so nothing depends on seeing the bars or telling colours apart.
 */

/** "1 user", "2 users". */
export const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`

/** A chart's card: its title, the sentence that sums it up, then the drawing. */
export function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <p className="text-sm text-slate-600">{summary}</p>
      {children}
    </section>
  )
}

/** A round top for the axis: 1, 2, 5 or 10 times a power of ten, at least `max`. */
function axisTop(max: number) {
  if (max <= 5) return Math.max(max, 1)
  const power = 10 ** Math.floor(Math.log10(max))
  const step = [1, 2, 5, 10].find((s) => s * power >= max)!
  return step * power
}

type TimeBarsProps = {
  /** Names the table of numbers ("New users per day"). */
  caption: string
  /** The header of the bucket column ("Day") and of the count column ("New users"). */
  columns: [bucket: string, count: string]
  points: ChartPoint[]
  /** A bucket's name in the table ("2025-03-01") and under the axis ("Mar 1"). */
  long: (start: string) => string
  short: (start: string) => string
}

/**
 * Bars over time. The SVG stretches to its box's width (no sideways scroll at 360 px), so its
 * labels are HTML beside it rather than SVG text, which would stretch too. The numbers are in a
 * table behind "Show the numbers".
 */
export function TimeBars({ caption, columns, points, long, short }: TimeBarsProps) {
  const top = axisTop(Math.max(0, ...points.map((p) => p.n)))
  const slot = 10
  const width = points.length * slot
  const ticks = points.length > 2 ? [points[0]!, points[Math.floor((points.length - 1) / 2)]!, points.at(-1)!] : points
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex w-8 shrink-0 flex-col justify-between text-right text-xs tabular-nums text-slate-600">
          <span>{count.format(top)}</span>
          <span>{top % 2 === 0 ? count.format(top / 2) : ''}</span>
          <span>0</span>
        </div>
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="h-36 min-w-0 flex-1 border-b border-l border-slate-400 text-primary-600"
        >
          {top % 2 === 0 && <line x1="0" x2={width} y1="50" y2="50" className="stroke-slate-200" vectorEffect="non-scaling-stroke" />}
          {points.map((p, i) =>
            p.n > 0 ? (
              <rect key={p.start} x={i * slot + 1.5} width={slot - 3} y={100 - (p.n / top) * 100} height={(p.n / top) * 100} fill="currentColor">
                <title>{`${long(p.start)}: ${count.format(p.n)}`}</title>
              </rect>
            ) : null,
          )}
        </svg>
      </div>
      <div aria-hidden="true" className="ml-10 flex justify-between text-xs text-slate-600">
        {ticks.map((p) => (
          <span key={p.start}>{short(p.start)}</span>
        ))}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-medium text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-600">
          Show the numbers<span className="sr-only">: {caption}</span>
        </summary>
        {/* It scrolls (a year of weeks is 53 rows), so the keyboard can reach it to scroll it too. */}
        <div
          role="group"
          aria-label={caption}
          tabIndex={0}
          className="mt-2 max-h-64 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-primary-600"
        >
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 font-medium">
                  {columns[0]}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {columns[1]}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.start} className="border-b border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {long(p.start)}
                  </th>
                  <td className="py-1 text-right">{count.format(p.n)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  )
}

type ShareBarsProps = {
  /** Names the table ("Partner requests by status"). */
  caption: string
  /** The header of the label column ("Status") and of the count column ("Requests"). */
  columns: [label: string, count: string]
  rows: { label: string; n: number }[]
}

/**
 * Parts of a whole as a table: each row's label, count and share, the share drawn as a bar.
 * The words and numbers are the chart, so it reads the same without the bars.
 */
export function ShareBars({ caption, columns, rows }: ShareBarsProps) {
  const sum = rows.reduce((s, r) => s + r.n, 0)
  return (
    <table className="w-full table-fixed text-left text-sm tabular-nums">
      <caption className="pb-1 text-left text-xs font-medium uppercase tracking-wide text-slate-600">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{columns[0]}</th>
          <th scope="col">{columns[1]}</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ label, n }) => {
          const share = sum === 0 ? 0 : Math.round((n / sum) * 100)
          return (
            <tr key={label}>
              <th scope="row" className="w-[7.5rem] py-1 pr-2 font-normal text-slate-700">
                {label}
              </th>
              <td className="w-14 py-1 pr-2 text-right font-semibold text-slate-900">{count.format(n)}</td>
              <td className="py-1">
                <span className="flex items-center gap-2">
                  <span aria-hidden="true" className="block h-2.5 flex-1 rounded-full bg-slate-100">
                    <span className="block h-full rounded-full bg-primary-600" style={{ width: `${share}%` }} />
                  </span>
                  <span className="w-9 text-right text-xs text-slate-600">{share}%</span>
                </span>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
