import DOMPurify from 'dompurify'
import { RICH_TEXT_TAGS } from '@contract'

/**
 * The client's own allow-list for CMS HTML (docs/DECISIONS.md, Content): the server sanitises what it
 * stores, and the SPA sanitises again before it renders, so a bad answer (an old row, a proxy, a
 * bug) still cannot run script. Same idea as the server's list: what a rich-text editor makes,
 * links to http(s), mailto, tel or relative addresses, images from absolute http(s) addresses
 * only, and no other attribute (no on* handlers, style, class or id).
 */
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'src', 'alt']
/** http(s), mailto, tel, or a relative address (no scheme at all). */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i
const ABSOLUTE_HTTP = /^https?:\/\/[^/\s]/i

let purifier: ReturnType<typeof DOMPurify> | undefined

/** One DOMPurify of our own, so its hooks never touch another user of the library. */
function instance() {
  if (purifier) return purifier
  purifier = DOMPurify(window)
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href')
      // '//host/x' would follow the page's scheme: an explicit one is asked for.
      if (href !== null && href.trim().startsWith('//')) node.removeAttribute('href')
      const target = node.getAttribute('target')?.trim().toLowerCase()
      if (target === '_blank') {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      } else if (target === '_self') node.setAttribute('target', '_self')
      else node.removeAttribute('target')
    }
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src')?.trim()
      if (!src || !ABSOLUTE_HTTP.test(src)) node.remove()
    }
  })
  return purifier
}

/** The HTML with only the allowed tags, attributes and addresses left. */
export function sanitizeRichText(html: string): string {
  if (!html) return ''
  return instance().sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  })
}
