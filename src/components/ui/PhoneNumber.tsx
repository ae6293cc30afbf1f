import { MOBILE_CUT, dialCode } from '@contract'
import { isBlank } from '@/lib/format'
import { Dashes } from './Dashes'
import { Truncate } from './Truncate'

/**
 * A pet owner's phone as `phoneNumber` (contract/phone.ts) writes it, '+91 9876543210': the
 * country code, then the number, which tables cut to 12 characters (`cut`). Missing: dashes.
 */
export function PhoneNumber({ countryCode, mobileNo, cut = false }: { countryCode: string | null | undefined; mobileNo: string | null | undefined; cut?: boolean }) {
  if (isBlank(mobileNo)) return <Dashes />
  const code = dialCode(countryCode)
  return (
    <span className="whitespace-nowrap">
      {code && `${code} `}
      <Truncate value={mobileNo} max={cut ? MOBILE_CUT : Number.POSITIVE_INFINITY} />
    </span>
  )
}
