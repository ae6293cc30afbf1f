/**
 * Structural equality for form values: plain objects and arrays compare by content, dates by
 * time, numbers with NaN equal to NaN, and anything else (a File, a class instance, a function)
 * by identity, which is what "the same value" means for a picked file.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]))
  }
  if (!isPlain(a) || !isPlain(b)) return false
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
  return (
    keysA.length === keysB.length &&
    keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  )
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
