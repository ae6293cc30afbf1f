/**
 * A pet owner's phone as one dials it, everywhere it is shown or exported: "+<country code>
 * <number>" ('+91 9876543210'), the code written with its plus whether or not it was stored with
 * one; the number alone when there is no code, null without a number. Plain code (no zod): the
 * SPA's cells and the server's CSV and pet page use it alike.
 */
export function phoneNumber(countryCode: string | null | undefined, mobileNo: string | null | undefined): string | null {
  const number = mobileNo?.trim()
  if (!number) return null
  const code = dialCode(countryCode)
  return code ? `${code} ${number}` : number
}

/** The country code part of `phoneNumber` ('+91'), or null. */
export function dialCode(countryCode: string | null | undefined): string | null {
  const code = countryCode?.trim().replace(/^\+*/, '')
  return code ? `+${code}` : null
}
