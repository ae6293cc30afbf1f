import { HttpResponse } from 'msw'
import type { z } from 'zod'
import {
  API_MSG,
  ERROR_STATUS,
  ROLE,
  can,
  errorBodyOf,
  idParam,
  okEnvelopeOf,
  validationFailure,
  type AdminProfile,
  type DashboardTotals,
  type ErrorCode,
  type Permission,
  type UploadRequest,
  type UserStatus,
} from '@contract'
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
      { _id: '0a1d0000-0000-4000-8000-000000000001', name: 'Asha Admin', email: 'admin@petcare.local', role: ROLE.ADMIN, profileImage: null, password: 'Admin@123' },
      { _id: '0a1d0000-0000-4000-8000-000000000002', name: 'Sam Sub', email: 'subadmin@petcare.local', role: ROLE.SUB_ADMIN, profileImage: null, password: 'SubAdmin@123' },
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

/** A success answer; `data` null when the message is the answer, as the server sends it. */
export const ok = <T,>(message: string, data: T | null = null, status: 200 | 201 = 200) => HttpResponse.json(okEnvelopeOf(message, data), { status })
export const created = <T,>(message: string, data: T) => ok(message, data, 201)

export const fail = (code: ErrorCode, message: string, fields?: Record<string, string>) =>
  HttpResponse.json(errorBodyOf(code, message, undefined, fields), { status: ERROR_STATUS[code] })


/** The admin behind the request's bearer token, or the 401 answer to return. */
export function authenticate(request: Request): MockAdmin | Response {
  const token = request.headers.get('Authorization')?.replace(/^Bearer /, '')
  if (!token) return fail('UNAUTHORIZED', API_MSG.signIn)
  const id = db.sessions.get(token)
  return db.admins.find((a) => a._id === id) ?? fail('UNAUTHORIZED', API_MSG.sessionExpired)
}

/** The signed-in admin if their role holds `permission` (the server's one access check), or the 401/403 to return. */
export function permit(request: Request, permission: Permission): MockAdmin | Response {
  const admin = authenticate(request)
  if (admin instanceof Response) return admin
  return can(admin.role, permission) ? admin : fail('FORBIDDEN', API_MSG.forbidden)
}

/** msw path for an API call, whatever the origin. */
export const api = (path: string) => `*/api/v1${path}`

/** `input` checked against a contract schema: the parsed value, or the 400 the real server sends. */
export function parsed<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> | Response {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const { message, fields } = validationFailure(result.error)
  return fail('BAD_REQUEST', message, fields)
}

/** The request's JSON body checked against a contract schema, or its 400. */
export const readBody = async <S extends z.ZodType>(request: Request, schema: S) => parsed(schema, await request.json().catch(() => undefined))

/** The path's `:id`, which must be a UUID as on the server, or its 400. */
export function readId(params: Record<string, unknown>): string | Response {
  const id = parsed(idParam, params)
  return id instanceof Response ? id : id.id
}
