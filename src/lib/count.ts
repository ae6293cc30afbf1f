/**
 * Counts with thousands separators ('1,234,567'), the same whatever the viewer's locale: what
 * `Intl.NumberFormat('en-US')` writes for a whole number, written out. Making the first Intl
 * formatter of a page loads the engine's locale data, a long task on a slow phone's first
 * visit (docs/DECISIONS.md has the figure), for a list's
 * "1–10 of 1,234". A module of its own: the dashboard's totals need it on the first paint, not
 * the date formatting beside it.
 */
export const count = {
  format(n: number): string {
    const [digits = '', decimals] = (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/\.?0+$/, '')).split('.')
    return digits.replace(/\B(?=(\d{3})+$)/g, ',') + (decimals ? `.${decimals}` : '')
  },
}
