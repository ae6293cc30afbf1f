import type { ReactNode } from 'react'

export type BadgeTone = 'success' | 'danger' | 'neutral' | 'info' | 'warning'
const tones: Record<BadgeTone, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  danger: 'bg-error-50 text-error-700 ring-error-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  warning: 'bg-secondary-50 text-secondary-800 ring-secondary-600/20',
}

/** A short status label (Active, Blocked, Hospital...). The text carries the meaning, the colour repeats it. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}>
      {children}
    </span>
  )
}
