import { useId, type ReactNode } from 'react'

/** A screen's own content: a region named by the page's heading (its h1), the content below it. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h1 id={titleId} className="text-xl font-semibold text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  )
}
