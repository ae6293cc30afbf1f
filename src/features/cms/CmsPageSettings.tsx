import { Suspense, lazy, useId, useRef, type FormEvent } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useMatch } from '@tanstack/react-router'
import { cmsUpdateBody, type CmsPage, type CmsPageType } from '@contract'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { formatDateTime } from '@/lib/format'
import { notify } from '@/lib/toast'
import { cmsPagesQuery, useSaveCmsPage } from './api'
import { CMS_TITLE, EMPTY_PAGE_TEXT, PUBLIC_PATH, cmsPageTypeOf } from './pages'
import { RichContent } from './RichContent'
import { useCan } from '@/lib/auth'
import { ADMIN_ONLY_NOTE } from './roles'

// TipTap is loaded only when an admin opens one of these pages.
const RichTextEditor = lazy(() => import('./RichTextEditor'))

/**
 * Settings > Privacy Policy, Terms & Conditions, Contact Us, Support: which page, from the route's
 * path by the content-type helper. An admin edits it in the rich-text editor and saves; a sub
 * admin reads it as the public sees it, with a note that only admins edit.
 */
export function CmsPageSettings() {
  const pathname = useMatch({ strict: false, select: (match) => match.pathname })
  const type = cmsPageTypeOf(pathname)
  const { data: pages } = useSuspenseQuery(cmsPagesQuery)
  const canEdit = useCan('cms.write')
  const headingId = useId()
  if (type === null) return null
  const page = pages.find((p) => p.type === type) ?? { type, content: '', updatedAt: null }
  const title = CMS_TITLE[type]

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-500">
          {page.updatedAt ? `Last updated ${formatDateTime(page.updatedAt)}` : 'Not published yet'}
          {' · '}
          <a href={PUBLIC_PATH[type]} target="_blank" rel="noopener noreferrer" className="font-semibold text-primary-700 underline">
            View public page
          </a>
        </p>
      </div>
      {canEdit ? (
        <CmsPageEditor key={type} type={type} page={page} title={title} />
      ) : (
        <>
          <p role="note" className="rounded-md border border-secondary-200 bg-secondary-50 px-3 py-2 text-sm text-secondary-800">
            {ADMIN_ONLY_NOTE}
          </p>
          <article aria-label={title} className="rounded-md border border-slate-200 px-4 py-3">
            {page.content ? <RichContent html={page.content} /> : <p className="text-slate-500">{EMPTY_PAGE_TEXT}</p>}
          </article>
        </>
      )}
    </section>
  )
}

function CmsPageEditor({ type, page, title }: { type: CmsPageType; page: CmsPage; title: string }) {
  const save = useSaveCmsPage()
  const content = useRef(page.content)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = cmsUpdateBody.safeParse({ type, content: content.current })
    if (!body.success) {
      notify.error(body.error.issues[0]?.message ?? 'Content is too long')
      return
    }
    save.mutate(body.data)
  }
  return (
    <form onSubmit={submit} aria-label={`Edit ${title}`} className="flex flex-col gap-4">
      <Suspense fallback={<EditorLoading />}>
        <RichTextEditor
          label={title}
          initialHtml={page.content}
          onChange={(html) => {
            content.current = html
          }}
        />
      </Suspense>
      <Button type="submit" busy={save.isPending} className="self-start">
        Save
      </Button>
    </form>
  )
}

function EditorLoading() {
  return (
    <div role="status" className="flex min-h-80 items-center justify-center rounded-md border border-slate-200">
      <Spinner />
      <span className="sr-only">Loading the editor</span>
    </div>
  )
}
