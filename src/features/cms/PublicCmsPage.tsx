import { useSuspenseQuery } from '@tanstack/react-query'
import { useMatch } from '@tanstack/react-router'
import { formatDate } from '@/lib/format'
import { CMS_TITLE, EMPTY_PAGE_TEXT, cmsPageTypeOf } from './pages'
import { PublicLayout } from './PublicLayout'
import { publicCmsPageQuery } from './public-api'
import { RichContent } from './RichContent'

/** /privacy-policy, /term-and-conditions, /contact-us, /support: the page the path names, sanitised again here. */
export function PublicCmsPage() {
  const pathname = useMatch({ strict: false, select: (match) => match.pathname })
  const type = cmsPageTypeOf(pathname)
  if (type === null) throw new Error(`No CMS page at ${pathname}`)
  return <PublicCmsContent type={type} />
}

const LEADING_HEADING = /^\s*<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/i

/**
 * The content without a first heading that only repeats the page's title (the seeded policy, or
 * an editor's, opens with "<h1>Privacy Policy</h1>"): the page shows its title once, as its h1.
 */
export function withoutRepeatedTitle(html: string, title: string) {
  const heading = LEADING_HEADING.exec(html)
  if (!heading) return html
  const text = heading[2]!.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim()
  return text.toLowerCase() === title.toLowerCase() ? html.slice(heading[0].length) : html
}

function PublicCmsContent({ type }: { type: NonNullable<ReturnType<typeof cmsPageTypeOf>> }) {
  const { data: page } = useSuspenseQuery(publicCmsPageQuery(type))
  return (
    <PublicLayout title={CMS_TITLE[type]}>
      {page.content ? (
        <article aria-label={CMS_TITLE[type]}>
          <RichContent html={withoutRepeatedTitle(page.content, CMS_TITLE[type])} />
        </article>
      ) : (
        <p className="text-slate-500">{EMPTY_PAGE_TEXT}</p>
      )}
      {page.updatedAt && <p className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-500">Last updated {formatDate(page.updatedAt)}</p>}
    </PublicLayout>
  )
}
