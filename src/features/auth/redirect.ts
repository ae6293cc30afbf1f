/**
 * Whether `value` is a path of this site, safe to return to after sign-in: it starts with one
 * slash (not `//` or `/\`, which browsers read as another host) and resolves to this origin.
 */
export function isSameSitePath(value: string): boolean {
  if (!/^\/(?![/\\])/.test(value)) return false
  try {
    const origin = globalThis.location?.origin ?? 'http://localhost'
    return new URL(value, origin).origin === origin
  } catch {
    return false
  }
}
