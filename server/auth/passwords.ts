import { hash, verify } from '@node-rs/argon2'

/**
 * argon2 calls made by this process (hashes and checks): each costs tens of milliseconds of a
 * core, so what an anonymous client can make it do is counted (the metric
 * password_hashes_total, and tests that count the work a request costs).
 */
let argon2Calls = 0
export const passwordHashesDone = () => argon2Calls

// @node-rs/argon2 hashes with argon2id by default (m=19456 KiB, t=2, p=1: the OWASP baseline).
export function hashPassword(password: string): Promise<string> {
  argon2Calls++
  return hash(password)
}

/** Whether `password` matches the stored hash; an account without a password yet (invited) matches nothing. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return spendPasswordCheck(password) // the same time as a real check
  argon2Calls++
  try {
    return await verify(passwordHash, password)
  } catch {
    return false // a malformed stored hash matches nothing
  }
}

/**
 * A hash of a random password nobody knows. Checking a password against it for an unknown
 * email takes as long as a real check, so the answer's timing does not reveal who has an account.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$+azVnhgsjW6jCfOWvYbwJQ$yTjs9O3oHxnV/t9ueaDf0u0bqjpAAzv6Mr/b0Uxf/bE'

export async function spendPasswordCheck(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password)
  return false
}
