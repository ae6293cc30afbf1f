/**
 * Pretend the window is `width` px wide for min-width media queries (jsdom has no layout): the
 * drawer is persistent from md. Restored by vi.restoreAllMocks.
 */
export function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query)
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList
  })
}
