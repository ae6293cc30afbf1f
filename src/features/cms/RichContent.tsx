import { useMemo } from 'react'
import { sanitizeRichText } from './sanitize'

/**
 * How CMS HTML reads, in the editor and on the page alike: headings, paragraphs, lists, quotes,
 * code and links styled from the wrapper, so the stored HTML needs no class of its own (the
 * server strips them).
 */
export const richTextClass = [
  'break-words text-slate-800 leading-relaxed',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
  '[&_h1]:mb-3 [&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-slate-900',
  '[&_h2]:mb-2 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mb-2 [&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_li>p]:my-0 [&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-primary-200 [&_blockquote]:pl-4 [&_blockquote]:text-slate-600',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_hr]:my-6 [&_hr]:border-slate-200 [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full',
].join(' ')

/** CMS HTML as a reader sees it: sanitised again here, whatever the server sent. */
export function RichContent({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html])
  return <div className={`${richTextClass} ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />
}
