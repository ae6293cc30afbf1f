/**
 * Counts with thousands separators ('1,234,567'), the same whatever the viewer's locale. A module
 * of its own: the dashboard's totals need it on the first paint, not the date formatting beside it.
 */
export const count = new Intl.NumberFormat('en-US')
