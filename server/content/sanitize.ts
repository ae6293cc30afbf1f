import sanitizeHtml from 'sanitize-html'
import { RICH_TEXT_TAGS } from '../../contract'

/**
 * The allow-list HTML sanitiser for CMS pages, which are rich text stored as sanitised HTML
 * (docs/DECISIONS.md, Content). It keeps what a rich-text editor makes (paragraphs, headings, emphasis,
 * lists, quotes, code, links, images) and drops everything else: unknown tags are unwrapped
 * (their text stays), script-like tags go with their content, and every attribute not listed
 * (on* handlers, style, class, id, srcset...) is removed. URLs must be http(s), mailto or tel
 * or relative (images: absolute http(s) only); sanitize-html decodes entities and removes control
 * characters and whitespace before it reads the scheme, so 'java&#x09;script:' and 'JAVASCRIPT:'
 * are caught as well.
 */


/** Dropped with everything inside them (other unknown tags are unwrapped and keep their text). */
const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'iframe', 'object', 'embed', 'svg', 'math', 'noembed', 'noframes', 'select', 'frameset']

const LINK_TARGETS = new Set(['_blank', '_self'])
const ABSOLUTE_HTTP = /^https?:\/\/[^/\s]/i

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // '//host/x' would follow the page's scheme: ask for an explicit one.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  allowVulnerableTags: false,
  transformTags: {
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs
      const kept = target?.trim().toLowerCase()
      if (kept === '_blank') return { tagName, attribs: { ...rest, target: '_blank', rel: 'noopener noreferrer' } }
      return { tagName, attribs: kept && LINK_TARGETS.has(kept) ? { ...rest, target: kept } : rest }
    },
    // An image must name an absolute http(s) address; one without is dropped (exclusiveFilter).
    img: (tagName, attribs) => {
      const src = attribs.src?.trim()
      const { src: _dropped, ...rest } = attribs
      return { tagName, attribs: src && ABSOLUTE_HTTP.test(src) ? { ...attribs, src } : rest }
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

/** The HTML with only the allowed tags, attributes and URL schemes left. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}
