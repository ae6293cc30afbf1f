/* global window, document, getComputedStyle */
/**
 * Injected into each page by scripts/check-screens.ts before the page's own code (plain browser
 * JavaScript, so that the Node-only TypeScript project needs no DOM types). `window.screenProbe`:
 *  - ready(): whether the screen has its data: no fetch in flight, no loader, skeleton or busy
 *    control, every image loaded or failed (Chromium's network-idle wait miscounts the module
 *    files a page both preloads and imports, so requests are counted here);
 *  - settle(): resolves once running transitions and finite animations have finished;
 *  - overflow(): null when the page does not scroll sideways and no fixed layer leaves the
 *    screen, else the page's width, the elements that make it wider than the viewport, and the
 *    fixed element that leaves it;
 *  - axe(): axe-core's critical and serious violations (axe itself is injected beforehand).
 */
;(function () {
  const SLACK = 0.5
  const BUSY = '[aria-busy="true"], [role="status"] .animate-spin, .animate-pulse, [class*="animate-[progress"]'

  let fetching = 0
  const pageFetch = window.fetch
  window.fetch = function (...args) {
    fetching++
    return pageFetch.apply(this, args).finally(() => fetching--)
  }

  /** A short, recognisable name for an element: tag#id.classes [role] "text". */
  function describe(el) {
    let name = el.tagName.toLowerCase()
    if (el.id) name += '#' + el.id
    const classes = (el.getAttribute('class') || '').split(/\s+/).filter(Boolean).slice(0, 4)
    if (classes.length) name += '.' + classes.join('.')
    const label = el.getAttribute('aria-label') || el.getAttribute('role')
    if (label) name += ' [' + label + ']'
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim()
    if (text) name += ' "' + (text.length > 40 ? text.slice(0, 40) + '…' : text) + '"'
    const parent = el.parentElement
    if (parent && parent !== document.body) {
      const parentClasses = (parent.getAttribute('class') || '').split(/\s+/).filter(Boolean).slice(0, 2)
      name = parent.tagName.toLowerCase() + (parentClasses.length ? '.' + parentClasses.join('.') : '') + ' > ' + name
    }
    return name
  }

  /**
   * Where what sticks out of `el` goes: 'clipped' when a scroll or clip box that itself fits hides
   * it, 'fixed' when it belongs to a fixed layer (the top bar, a dialog: it cannot be scrolled
   * to, it is simply off screen), else 'page' (it makes the page scroll sideways). A box clips an
   * absolutely positioned element only from its containing block outwards: the screen-reader-only
   * text in a table's scroll area is not clipped by it unless a cell is positioned.
   */
  function whereItGoes(el, viewport) {
    let absolute = false
    for (let node = el; node && node !== document.documentElement; node = node.parentElement) {
      const style = getComputedStyle(node)
      const positioned = style.position !== 'static' || style.transform !== 'none'
      const clips = node !== el && style.overflowX !== 'visible' && (!absolute || positioned)
      if (clips && node.getBoundingClientRect().right <= viewport + SLACK) return 'clipped'
      if (style.position === 'fixed') return 'fixed'
      if (node === el || positioned) absolute = style.position === 'absolute'
    }
    return 'page'
  }

  /** Screen-reader-only text and focus sentinels: one pixel, nothing to see. */
  const invisible = (el, box) => box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden'

  window.screenProbe = {
    ready() {
      return (
        document.readyState === 'complete' &&
        fetching === 0 &&
        !document.querySelector(BUSY) &&
        Array.from(document.images).every((img) => img.complete)
      )
    },

    settle() {
      const finite = document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
      return Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
    },

    overflow() {
      const viewport = window.innerWidth
      const width = document.documentElement.scrollWidth
      let widest = null
      let furthest = null
      let offScreen = null
      for (const el of document.body.querySelectorAll('*')) {
        const box = el.getBoundingClientRect()
        if (box.width === 0 || box.right + window.scrollX <= viewport + SLACK) continue
        const where = whereItGoes(el, viewport)
        if (where === 'fixed') {
          // The outermost piece of a fixed layer that leaves the screen.
          if (!invisible(el, box) && box.right > viewport + SLACK && (!offScreen || !offScreen.el.contains(el))) offScreen = { el, right: box.right }
          continue
        }
        if (where === 'clipped') continue
        const right = box.right + window.scrollX
        if (!widest || box.width > widest.width + SLACK) widest = { el, width: box.width }
        // The deepest of the elements reaching furthest: the one to look at first.
        if (!furthest || right > furthest.right + SLACK || (right > furthest.right - SLACK && furthest.el.contains(el))) furthest = { el, right }
      }
      if (width <= viewport && !offScreen) return null
      return {
        width,
        viewport,
        widest: width > viewport && widest ? { element: describe(widest.el), width: Math.round(widest.width) } : null,
        furthest: width > viewport && furthest && furthest.el !== (widest && widest.el) ? { element: describe(furthest.el), right: Math.round(furthest.right) } : null,
        offScreen: offScreen && { element: describe(offScreen.el), right: Math.round(offScreen.right) },
      }
    },

    async axe() {
      const result = await window.axe.run(document, { resultTypes: ['violations'] })
      return result.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => ({
            target: n.target.join(' '),
            message: (n.failureSummary || '').replace(/^Fix (any|all) of the following:\s*/, '').split('\n')[0].trim(),
          })),
        }))
    },
  }
})()
