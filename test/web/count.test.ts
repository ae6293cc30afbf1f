import { count } from '@/lib/count'

// The lists' and the dashboard's counts are written out rather than made by Intl (a first Intl
// formatter is a long task on a slow phone); they read as Intl's en-US would write them.
const intl = new Intl.NumberFormat('en-US')

it("writes whole numbers as Intl's en-US does, at every size and sign", () => {
  const numbers = [0, 1, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1_234_567, 123_456_789_012, 2 ** 53 - 1, 1e20]
  for (const n of [...numbers, ...numbers.map((n) => -n).filter(Boolean)]) expect(count.format(n), String(n)).toBe(intl.format(n))
  expect(count.format(10_000)).toBe('10,000')
})

it('keeps at most three decimals, as Intl does by default', () => {
  for (const n of [0.5, 7 / 2, 1234.5678, 1_000_000.25, -2.125]) expect(count.format(n), String(n)).toBe(intl.format(n))
})
