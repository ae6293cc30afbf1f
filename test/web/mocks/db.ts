import { HttpResponse } from 'msw'
import type { z } from 'zod'
import { ERROR_STATUS, ROLE, type AdminProfile, type UserStatus, type DashboardTotals, type ErrorCode, type UploadRequest } from '@contract'
import { seedAudit, seedCities, seedPartners, seedSites, seedUsers } from './seed'

/**
 * The in-memory stand-in for the API's database. Handlers answer from it with the contract's
 * shapes, so a web test can only be told what the real server could say. Reset before each test.
 */
export type MockAdmin = AdminProfile & {
  /** Null for an invited account that has not set one (handlers/admins.ts). */
  password: string | null
  status?: UserStatus
  createdAt?: string
}
/** A multipart post the upload target received: its entries' names in order, and two headers. */
export type MockUploadPost = { names: string[]; key: string | null; authorization: string | null; contentType: string | null }

function initial() {
  const cities = seedCities()
  return {
    admins: [
      { _id: 'a1', name: 'Asha Admin', email: 'admin@petcare.local', role: ROLE.ADMIN, profileImage: null, password: 'Admin@123' },
      { _id: 'a2', name: 'Sam Sub', email: 'subadmin@petcare.local', role: ROLE.SUB_ADMIN, profileImage: null, password: 'SubAdmin@123' },
    ] as MockAdmin[],
    /** token -> admin id */
    sessions: new Map<string, string>(),
    /** email -> the code last sent */
    otps: new Map<string, string>(),
    /** reset token -> email */
    resetTokens: new Map<string, string>(),
    /** Admin accounts (handlers/admins.ts): invitation token -> whose, and whether it still works. */
    invites: new Map<string, { adminId: string; state: 'live' | 'used' | 'expired' }>(),
    totals: { users: 412, petShops: 37, hospitals: 21, partnerRequests: 9 } as DashboardTotals,
    /** Pet owners with their details and pets, newest first. */
    users: seedUsers(),
    /** Partner requests, newest first. */
    partners: seedPartners(),
    /** Content (handlers/cities-sites.ts): cities and the sites in them, newest first. */
    cities,
    sites: seedSites(cities),
    /** The audit log (handlers/audit.ts): its entries, newest first, and the admins it names. */
    audit: seedAudit(),
    /** Uploads (handlers/uploads.ts): each signing call's files, keys signed and not yet used, keys stored, posts received. */
    uploads: {
      lastKey: 0,
      signings: [] as UploadRequest[],
      signed: new Set<string>(),
      stored: new Set<string>(),
      posts: [] as MockUploadPost[],
    },
  }
}

export let db = initial()
export function resetDb() {
  db = initial()
}

export const profileOf = ({ password: _password, status: _status, createdAt: _createdAt, ...profile }: MockAdmin): AdminProfile => profile

/** Start a session for a seeded admin; what a test uses to begin signed in. */
export function sessionFor(role: 'admin' | 'subAdmin') {
  const admin = db.admins[role === 'admin' ? 0 : 1]!
  const token = `token-${admin._id}-${db.sessions.size + 1}`
  db.sessions.set(token, admin._id)
  return { ...profileOf(admin), token }
}

export const ok = <T,>(message: string, data?: T) =>
  HttpResponse.json(data === undefined ? { isSuccess: true, message } : { isSuccess: true, message, data })

export const fail = (code: ErrorCode, message: string, fields?: Record<string, string>) =>
  HttpResponse.json(
    { isSuccess: false, message, error: { code, message, ...(fields ? { fields } : {}) } },
    { status: ERROR_STATUS[code] },
  )

/** The admin behind the request's bearer token, or the 401 answer to return. */
export function authenticate(request: Request): MockAdmin | Response {
  const token = request.headers.get('Authorization')?.replace(/^Bearer /, '')
  const id = token ? db.sessions.get(token) : undefined
  const admin = db.admins.find((a) => a._id === id)
  return admin ?? fail('UNAUTHORIZED', 'Session expired. Please sign in again.')
}

/** msw path for an API call, whatever the origin. */
export const api = (path: string) => `*/api/v1${path}`

/**
 * The request's JSON body checked against a contract schema: the parsed value, or the 400 the
 * real server sends (the first message, and every field's message keyed by its dotted path).
 */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S> | Response> {
  const parsed = schema.safeParse(await request.json().catch(() => undefined))
  if (parsed.success) return parsed.data
  const fields: Record<string, string> = {}
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message
  return fail('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid request', fields)
}
