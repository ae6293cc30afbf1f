import { eq } from 'drizzle-orm'
import type { AdminProfile } from '../../contract'
import type { Db } from '../db/client'
import { admins } from '../db/schema'

export type AdminRow = typeof admins.$inferSelect

/** Emails are compared and stored lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

export async function findAdminByEmail(db: Db, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.email, normaliseEmail(email))).limit(1)
  return row
}

export async function findAdminById(db: Db, id: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1)
  return row
}

/** The wire shape of an admin (contract `adminProfile`). */
export const toAdminProfile = (admin: Pick<AdminRow, 'id' | 'name' | 'email' | 'role' | 'profileImage'>): AdminProfile => ({
  _id: admin.id,
  name: admin.name,
  email: admin.email,
  role: admin.role,
  profileImage: admin.profileImage,
})
