import { Suspense, useCallback, useId, useRef, useState, type FormEvent } from 'react'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useMatch } from '@tanstack/react-router'
import { cmsUpdateBody, type CmsPage, type CmsPageType } from '@contract'
import { EditConflictAlert, useEditConflict } from '@/components/form/EditConflict'
import { UnsavedChangesDialog } from '@/components/form/UnsavedChangesDialog'
import { useLeaveGuard } from '@/components/form/useUnsavedChangesGuard'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { formatDateTime } from '@/lib/format'
import { lazyChunk } from '@/lib/lazy-component'
import { notify } from '@/lib/toast'
import { cmsPagesQuery, useSaveCmsPage } from './api'
import { CMS_TITLE, EMPTY_PAGE_TEXT, PUBLIC_PATH, cmsPageTypeOf } from './pages'
import { RichContent } from './RichContent'
import { useCan } from '@/lib/auth'
import { ADMIN_ONLY_NOTE } from './roles'

// TipTap is loaded only when an admin opens one of these pages.
const RichTextEditor = lazyChunk(() => import('./RichTextEditor'), ChunkLoadFailed)

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
  const page = pages.find((p) => p.type === type) ?? emptyPage(type)
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

/** A page nobody has written yet: empty, version 0 (contract/cms.ts). */
const emptyPage = (type: CmsPageType): CmsPage => ({ type, content: '', updatedAt: null, version: 0 })

/**
 * The editor of one page. A save sends the version the editor was loaded from (then the saved
 * one); a 409 keeps what was typed and offers Reload, which loads the latest page into a fresh
 * editor (components/form/EditConflict.tsx). Leaving with changes that are not saved asks first,
 * as the place and site forms do.
 */
function CmsPageEditor({ type, page, title }: { type: CmsPageType; page: CmsPage; title: string }) {
  const save = useSaveCmsPage()
  const queryClient = useQueryClient()
  const content = useRef(page.content)
  // What the editor held when it loaded the page, or what was last saved: no question to leave it.
  const unchanged = useRef(page.content)
  const guard = useLeaveGuard(useCallback(() => content.current !== unchanged.current, []))
  // The editor keeps its own document; a reload starts a new one from the latest page.
  const [shown, setShown] = useState({ html: page.content, key: 0 })
  const edit = useEditConflict({
    loaded: page,
    fetchLatest: async () => (await queryClient.fetchQuery({ ...cmsPagesQuery, staleTime: 0 })).find((p) => p.type === type) ?? emptyPage(type),
    onReloaded: (fresh) => {
      content.current = fresh.content
      unchanged.current = fresh.content
      setShown((editor) => ({ html: fresh.content, key: editor.key + 1 }))
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = cmsUpdateBody.safeParse({ type, content: content.current, version: (edit.base ?? page).version })
    if (!body.success) {
      notify.error(body.error.issues[0]?.message ?? 'Content is too long')
      return
    }
    const sent = content.current
    save.mutate(body.data, {
      onSuccess: ({ data }) => {
        unchanged.current = sent
        edit.saved(data)
      },
      onError: (error) => void edit.caught(error),
    })
  }
  return (
    <form onSubmit={submit} aria-label={`Edit ${title}`} className="flex flex-col gap-4">
      <Suspense fallback={<EditorLoading />}>
        <RichTextEditor
          key={shown.key}
          label={title}
          initialHtml={shown.html}
          onChange={(html) => {
            content.current = html
          }}
          onReady={(html) => {
            content.current = html
            unchanged.current = html
          }}
        />
      </Suspense>
      <EditConflictAlert conflict={edit} />
      <Button type="submit" busy={save.isPending} className="self-start">
        Save
      </Button>
      <UnsavedChangesDialog guard={guard} />
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
