import { z } from 'zod'
import { ROLE } from './enums'

/** The signed-in person, as GET /admin/profile and the login answer carry it. */
export const adminProfile = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.union([z.literal(ROLE.ADMIN), z.literal(ROLE.SUB_ADMIN)]),
  profileImage: z.string().nullable(),
})
export type AdminProfile = z.infer<typeof adminProfile>

export const loginResult = adminProfile.extend({ token: z.string() })
export type LoginResult = z.infer<typeof loginResult>

export const verifyOtpResult = z.object({ resetToken: z.string() })
export type VerifyOtpResult = z.infer<typeof verifyOtpResult>

export const dashboardTotals = z.object({
  users: z.number().int(),
  petShops: z.number().int(),
  hospitals: z.number().int(),
  partnerRequests: z.number().int(),
})
export type DashboardTotals = z.infer<typeof dashboardTotals>

export const DASHBOARD_MSG = { fetched: 'Dashboard fetched successfully' } as const
