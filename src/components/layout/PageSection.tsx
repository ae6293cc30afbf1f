import type { ReactNode } from 'react'

/** A page named by its h1; `titleId` is the heading's id, for a form within that it names too. */
export function PageSection({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h1 id={titleId} className="text-xl font-semibold text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  )
}
