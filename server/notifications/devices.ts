import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm'
import { DEVICES_PER_USER_MAX, type DeviceRegisterBody, type PushDevice, type PushPlatform } from '../../contract'
import type { Db } from '../db/client'
import { pushDevices } from '../db/schema'

/**
 * The app users' push devices: registered, refreshed and unregistered by the platform's backend
 * (the integration API calls these), read by the push adapter (server/notifications/fcm.ts),
 * which removes those FCM refuses.
 */

type DeviceRow = typeof pushDevices.$inferSelect

export const toPushDevice = (d: DeviceRow): PushDevice => ({
  _id: d.id,
  userId: d.userId,
  platform: d.platform,
  token: d.token,
  appVersion: d.appVersion,
  locale: d.locale,
  createdAt: d.createdAt.toISOString(),
  lastRegisteredAt: d.lastRegisteredAt.toISOString(),
})

/**
 * Registers the device of `userId` (an existing app user), or refreshes it: by its token, so a
 * token registered again moves to this user (the phone changed hands, or its app signed in as
 * someone else) and takes the new platform, version and locale. Past DEVICES_PER_USER_MAX, the
 * user's devices registered longest ago are removed (an app that never unregisters leaves
 * tokens behind). Returns the device.
 */
export async function registerDevice(db: Db, userId: string, body: DeviceRegisterBody, now: Date): Promise<PushDevice> {
  return db.transaction(async (tx) => {
    const values = {
      userId,
      platform: body.platform,
      token: body.token,
      appVersion: body.appVersion ?? null,
      locale: body.locale ?? null,
      lastRegisteredAt: now,
    }
    const [device] = await tx
      .insert(pushDevices)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: pushDevices.token, set: values })
      .returning()
    const kept = tx
      .select({ id: pushDevices.id })
      .from(pushDevices)
      .where(eq(pushDevices.userId, userId))
      .orderBy(desc(pushDevices.lastRegisteredAt), desc(pushDevices.id))
      .limit(DEVICES_PER_USER_MAX)
    await tx.delete(pushDevices).where(and(eq(pushDevices.userId, userId), notInArray(pushDevices.id, kept)))
    return toPushDevice(device!)
  })
}

/**
 * Removes the device with this token, of `userId` when given (the integration API names the
 * user; a token since moved to another user stays theirs). Returns whether one was removed.
 */
export async function unregisterDevice(db: Db, token: string, userId?: string): Promise<boolean> {
  const removed = await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.token, token), userId === undefined ? undefined : eq(pushDevices.userId, userId)))
    .returning({ id: pushDevices.id })
  return removed.length > 0
}

/** A device as push needs it. */
export interface TargetDevice {
  id: string
  userId: string
  platform: PushPlatform
  token: string
}

/** The devices of these users (a batch's recipients), in user then registration order. */
export async function devicesOfUsers(db: Db, userIds: string[]): Promise<TargetDevice[]> {
  if (userIds.length === 0) return []
  return db
    .select({ id: pushDevices.id, userId: pushDevices.userId, platform: pushDevices.platform, token: pushDevices.token })
    .from(pushDevices)
    // An array parameter: one statement, the user index, whatever the batch's size.
    .where(sql`${pushDevices.userId} = any(${`{${userIds.join(',')}}`}::uuid[])`)
    .orderBy(asc(pushDevices.userId), asc(pushDevices.lastRegisteredAt))
}

/** Removes devices FCM refused, each only while it still has the token it was refused for (re-registered meanwhile, it stays). */
export async function removeRefusedDevices(db: Db, refused: { id: string; token: string }[]): Promise<void> {
  if (refused.length === 0) return
  const pairs = JSON.stringify(refused.map(({ id, token }) => ({ id, token })))
  await db.execute(
    sql`delete from ${pushDevices} d using jsonb_to_recordset(${pairs}::jsonb) as r(id uuid, token text) where d.id = r.id and d.token = r.token`,
  )
}
