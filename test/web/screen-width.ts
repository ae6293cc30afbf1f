/**
 * Pretend the window is `width` px wide for min-width and max-width media queries (jsdom has no
 * layout): the drawer is persistent from md, lists show cards below sm. Restored by
 * vi.restoreAllMocks.
 */
export function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /\(min-width:\s*([\d.]+)px\)/.exec(query)
    const max = /\(max-width:\s*([\d.]+)px\)/.exec(query)
    return mediaQueryList(query, min ? width >= Number(min[1]) : max ? width <= Number(max[1]) : false)
  })
}

/** A media query's answer that never changes (jsdom has no matchMedia). */
export function mediaQueryList(query: string, matches: boolean) {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList
}
