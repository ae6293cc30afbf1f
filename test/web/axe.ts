import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import axe from 'axe-core'
import { inject } from 'vitest'

/**
 * Rules that need layout or colour, which jsdom does not compute (every box is 0 x 0, nothing
 * scrolls, no stylesheet applies): here they only come out passed or undecided, and the contrast
 * ones try a canvas jsdom lacks, printing errors. The Chromium script (scripts/check-screens.ts)
 * runs them on the built app.
 */
const LAYOUT_RULES = [
  'color-contrast',
  'color-contrast-enhanced',
  'link-in-text-block',
  'target-size',
  'scrollable-region-focusable',
]

const OPTIONS: axe.RunOptions = {
  rules: Object.fromEntries(LAYOUT_RULES.map((id) => [id, { enabled: false }])),
  // Every rule still runs; only the report of what passed is left out.
  resultTypes: ['violations'],
}

/**
 * Headless UI's focus guards: aria-hidden buttons at a dialog's edges that pass the focus straight
 * back into it. axe flags any focusable aria-hidden element, yet nobody can stay on these (axe-core
 * issue 4832 agrees that such guards should not fail).
 */
const FOCUS_GUARDS = '[data-headlessui-focus-guard]'

/** axe's violations in `root` (every impact), with the layout rules left out. */
export async function axeViolations(root: Element = document.body): Promise<axe.Result[]> {
  // jsdom answers each getComputedStyle with a fresh copy of the element's style, and axe asks
  // several times per element: one copy per element for the run's length (axe keeps each answer
  // as it is anyway) takes about a third off the run.
  const jsdomComputedStyle = window.getComputedStyle
  const styles = new WeakMap<Element, CSSStyleDeclaration>()
  window.getComputedStyle = (element, pseudoElement) => {
    if (pseudoElement) return jsdomComputedStyle(element, pseudoElement)
    let style = styles.get(element)
    if (!style) styles.set(element, (style = jsdomComputedStyle(element)))
    return style
  }
  const inert = markInert()
  try {
    const { violations } = await axe.run({ include: [root], exclude: [FOCUS_GUARDS] }, OPTIONS)
    return violations
  } finally {
    window.getComputedStyle = jsdomComputedStyle
    for (const element of inert) element.removeAttribute('inert')
  }
}

/**
 * Headless UI leaves the page outside an open dialog aria-hidden and sets its `inert` property,
 * which browsers reflect as the attribute axe reads. jsdom has no such property, so axe would see
 * focusable elements under aria-hidden that no browser lets anyone reach: the attribute is put
 * where the property was set, for the run only (jsdom honouring it would change what tests do).
 */
function markInert() {
  if ('inert' in HTMLElement.prototype) return []
  const marked = [...document.querySelectorAll('[aria-hidden="true"]:not([inert])')].filter(
    (element) => (element as { inert?: unknown }).inert === true,
  )
  for (const element of marked) element.setAttribute('inert', '')
  return marked
}

/** One line per violation (rule, impact, what to do) and one per element it found. */
export function describeViolations(violations: axe.Result[]): string {
  return violations
    .flatMap((v) => [
      `${v.id} (${v.impact}): ${v.help} ${v.helpUrl}`,
      ...v.nodes.map((node) => `  ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`),
    ])
    .join('\n')
}

/**
 * The screen the current test rendered: a function naming it, asked when the test ends, and
 * whether it was rendered narrower than `sm` (a test's own afterEach may undo screenWidth before
 * ours runs, so the width is read at render time).
 */
let rendered: { name: () => string; narrow: boolean } | null = null

/** Called by the render helpers: the test's screen gets an axe check when the test ends. */
export function checkScreenWhenDone(name: () => string) {
  rendered = { name, narrow: !window.matchMedia('(min-width: 600px)').matches }
}

/**
 * jsdom computes each element's style by matching its whole default stylesheet, so axe costs
 * about a millisecond per element on an idle machine (the largest screens today hold about 500),
 * several times that on a busy one. A page of thousands is left to a test that narrows it (the API
 * reference's does) rather than slowing every run and outlasting setup.ts's hook time.
 */
const MAX_ELEMENTS = 1500

/**
 * Runs axe on what the test left on screen, once per distinct screen in the run (a screen is the
 * route, narrow or wide, and the open dialogs or menus): most tests end on a screen another test
 * already showed, and axe on a whole page in jsdom costs a few hundred milliseconds. A screen is
 * claimed with a file in a folder every worker shares, whichever test shows it first. Throws a
 * readable list of the violations, which fails the test.
 */
export async function checkRenderedScreen({ testFailed }: { testFailed: boolean }) {
  const screen = rendered
  rendered = null
  if (!screen || testFailed) return
  if (document.body.getElementsByTagName('*').length > MAX_ELEMENTS) return
  const layers = openLayers()
  const key = `${screen.name()}${screen.narrow ? ' (narrow)' : ' (wide)'}${layers ? ` with ${layers}` : ''}`
  if (!claim(key)) return
  // axe waits on timers between rules; a test's fake ones would never fire, and the test is over.
  if (vi.isFakeTimers()) vi.useRealTimers()
  const violations = await axeViolations()
  if (violations.length) {
    throw new Error(`axe found accessibility faults on ${key}:\n${describeViolations(violations)}`)
  }
}

/** True for the first worker to claim `key` in this run. */
function claim(key: string) {
  const file = join(inject('axeCheckedScreens'), createHash('sha1').update(key).digest('hex'))
  try {
    writeFileSync(file, key, { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/** The open dialogs and menus, by role and name: with one open, a screen is another screen. */
function openLayers() {
  return [...document.querySelectorAll('[role=dialog], [role=alertdialog], [role=menu], [role=listbox]')]
    .map((layer) => `${layer.getAttribute('role')} ${layerName(layer)}`.trim())
    .join(', ')
}

function layerName(layer: Element) {
  const labelledBy = layer.getAttribute('aria-labelledby')
  const byIds = labelledBy
    ?.split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
  return (byIds || layer.getAttribute('aria-label') || '').trim()
}
