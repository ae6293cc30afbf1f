import { HttpResponse, http, type HttpHandler } from 'msw'
import { z } from 'zod'
import {
  API_MSG,
  ERROR_STATUS,
  ROLE,
  can,
  errorBodyOf,
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
    totals: { users: 412, petShops: 37, hospitals: 21, partnerRequests: 9, pendingPartnerRequests: 4 } as DashboardTotals,
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

/**
 * Rows kept beside the mock database (a handler's own seed): made on first use after each
 * resetDb, so every test starts from the seed.
 */
export function storeOf<T>(seed: () => T): () => T {
  const stores = new WeakMap<object, T>()
  return () => {
    if (!stores.has(db)) stores.set(db, seed())
    return stores.get(db)!
  }
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


export const bearerToken = (request: Request) => request.headers.get('Authorization')?.replace(/^Bearer /, '')

/** The signed-in admin if their role holds `permission` (the server's one access check), or the 401/403 to return. */
function permit(request: Request, permission: Permission): MockAdmin | Response {
  const token = bearerToken(request)
  if (!token) return fail('UNAUTHORIZED', API_MSG.signIn)
  const admin = db.admins.find((a) => a._id === db.sessions.get(token))
  if (!admin) return fail('UNAUTHORIZED', API_MSG.sessionExpired)
  return can(admin.role, permission) ? admin : fail('FORBIDDEN', API_MSG.forbidden)
}

/** msw path for an API call, whatever the origin. */
export const api = (path: string) => `*/api/v1${path}`

/** `input` checked against a contract schema: the parsed value, or the 400 the real server sends. */
function parsed<S extends z.core.$ZodType>(schema: S, input: unknown): z.infer<S> | Response {
  const result = z.safeParse(schema, input)
  if (result.success) return result.data
  const { message, fields } = validationFailure(result.error)
  return fail('BAD_REQUEST', message, fields)
}

/** What a call declares, as the server's route does: who may make it, and the schemas of its input. */
interface Declared<P extends Permission | undefined, I extends z.core.$ZodType, Q extends z.core.$ZodType, B extends z.core.$ZodType> {
  /** None: a public call. */
  permission?: P
  params?: I
  query?: Q
  body?: B
}
interface Input<P, I extends z.core.$ZodType, Q extends z.core.$ZodType, B extends z.core.$ZodType> {
  request: Request
  admin: P extends Permission ? MockAdmin : undefined
  params: z.infer<I>
  query: z.infer<Q>
  body: z.infer<B>
}

/**
 * One API call, checked in the server's order: the session and permission (401, 403), then the
 * path's params, the query and the JSON body against their contract schemas (400); `answer`
 * gets them parsed.
 */
export function route<
  P extends Permission | undefined = undefined,
  I extends z.core.$ZodType = z.ZodUnknown,
  Q extends z.core.$ZodType = z.ZodUnknown,
  B extends z.core.$ZodType = z.ZodUnknown,
>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  declared: Declared<P, I, Q, B>,
  answer: (input: Input<P, I, Q, B>) => Response | Promise<Response>,
): HttpHandler {
  return http[method](api(path), async ({ request, params: rawParams }) => {
    const admin = declared.permission ? permit(request, declared.permission) : undefined
    if (admin instanceof Response) return admin
    const params = declared.params ? parsed(declared.params, rawParams) : rawParams
    if (params instanceof Response) return params
    const query = declared.query ? parsed(declared.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined
    if (query instanceof Response) return query
    const body = declared.body ? parsed(declared.body, await request.json().catch(() => undefined)) : undefined
    if (body instanceof Response) return body
    return answer({ request, admin, params, query, body } as Input<P, I, Q, B>)
  })
}
