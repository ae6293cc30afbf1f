import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { webhookCreateBody, webhookDeliveryListQuery, webhookUpdateBody } from '../../contract/input/webhooks'
import {
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_MSG,
  webhookDeliveryParams,
  webhookIdParam,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../contract/webhooks'
import { badRequest, conflict, notFound } from '../api-error'
import { addMs } from '../clock'
import type { Db } from '../db/client'
import { webhookDeliveries as d, webhookEndpoints as e } from '../db/schema'
import type { Deps } from '../deps'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { literalRefusal } from '../outbound/public-fetch'
import { sendNow } from '../webhooks/dispatcher'
import { eventPayload } from '../webhooks/emit'
import { newEventId, newWebhookSecret } from '../webhooks/signature'

type EndpointRow = typeof e.$inferSelect
type DeliveryRow = typeof d.$inferSelect
type LastDelivery = WebhookEndpoint['lastDelivery']

const iso = (date: Date | null) => date?.toISOString() ?? null

const toEndpoint = (row: EndpointRow, pending: number, last: LastDelivery): WebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  status: row.status,
  failureStreak: row.failureStreak,
  pausedAt: iso(row.pausedAt),
  droppedEvents: row.droppedEvents,
  pending,
  lastDelivery: last,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  _id: row.id,
  eventId: row.eventId,
  type: row.type,
  status: row.status,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  answerStatus: row.answerStatus,
  answerBody: row.answerBody,
  error: row.error,
  durationMs: row.durationMs,
})

/** Endpoints with their pending count and latest tried delivery (few endpoints: three small queries). */
async function endpointsWithState(db: Db, id?: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(e)
    .where(id ? eq(e.id, id) : undefined)
    .orderBy(e.createdAt, e.id)
  if (rows.length === 0) return []
  const ofThese = id ? eq(d.endpointId, id) : undefined
  const pending = await db
    .select({ endpointId: d.endpointId, n: count() })
    .from(d)
    .where(and(ofThese, eq(d.status, 'pending')))
    .groupBy(d.endpointId)
  const latest = await db
    .selectDistinctOn([d.endpointId], {
      endpointId: d.endpointId,
      status: d.status,
      at: d.lastAttemptAt,
      answerStatus: d.answerStatus,
      nextAttemptAt: d.nextAttemptAt,
    })
    .from(d)
    .where(and(ofThese, isNotNull(d.lastAttemptAt)))
    .orderBy(d.endpointId, desc(d.lastAttemptAt), desc(d.seq))
  const pendingOf = new Map(pending.map((p) => [p.endpointId, p.n]))
  const latestOf = new Map(latest.map((l) => [l.endpointId, l]))
  return rows.map((row) => {
    const last = latestOf.get(row.id)
    return toEndpoint(
      row,
      pendingOf.get(row.id) ?? 0,
      last
        ? { status: last.status, at: last.at!.toISOString(), answerStatus: last.answerStatus, nextAttemptAt: last.status === 'pending' ? last.nextAttemptAt.toISOString() : null }
        : null,
    )
  })
}

/** Settings > Webhooks (admins only): endpoints, their secrets (shown once), delivery logs, Redeliver and Test. */
export const webhooksRoutes = (deps: Deps) => {
  const refusePrivate = (url: string | undefined) => {
    if (url !== undefined && literalRefusal(url, deps.config.webhookAllowPrivate)) throw badRequest(WEBHOOKS_MSG.urlPrivate, { url: WEBHOOKS_MSG.urlPrivate })
  }
  const endpointOr404 = async (id: string) => {
    const [endpoint] = await endpointsWithState(deps.db, id)
    if (!endpoint) throw notFound(WEBHOOKS_MSG.notFound)
    return endpoint
  }
  const audited = (action: 'create' | 'update' | 'delete' | 'rotate_secret' | 'redeliver' | 'test') =>
    permit('webhook.manage', { action: `webhook.${action}`, target: 'webhook' })

  return new Hono<AppEnv>()
    .get('/admin/webhooks', permit('webhook.manage'), async (c) => c.json(ok(WEBHOOKS_MSG.listed, await endpointsWithState(deps.db))))

    .post('/admin/webhooks', audited('create'), validate('json', webhookCreateBody), async (c) => {
      const body = c.req.valid('json')
      refusePrivate(body.url)
      const secret = newWebhookSecret()
      const now = deps.clock.now()
      const [row] = await deps.db
        .insert(e)
        .values({ url: body.url, events: body.events, description: body.description ?? null, secret, createdBy: c.get('signedIn').admin.id, createdAt: now, updatedAt: now })
        .returning()
      auditNote(c, { id: row!.id, label: row!.url, detail: { events: row!.events } })
      return c.json(ok(WEBHOOKS_MSG.created, { ...toEndpoint(row!, 0, null), secret }), 201)
    })

    .get('/admin/webhooks/:id', permit('webhook.manage'), validate('param', webhookIdParam), async (c) =>
      c.json(ok(WEBHOOKS_MSG.fetched, await endpointOr404(c.req.valid('param').id))),
    )

    /** Resuming (status 'active' on a paused endpoint) clears its failure streak and makes its waiting deliveries due now. */
    .patch('/admin/webhooks/:id', audited('update'), validate('param', webhookIdParam), validate('json', webhookUpdateBody), async (c) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      refusePrivate(body.url)
      const now = deps.clock.now()
      const resumed = await deps.db.transaction(async (tx) => {
        const [before] = await tx.select({ status: e.status, droppedEvents: e.droppedEvents }).from(e).where(eq(e.id, id)).for('update')
        if (!before) throw notFound(WEBHOOKS_MSG.notFound)
        const resuming = body.status === 'active' && before.status !== 'active'
        await tx
          .update(e)
          .set({
            ...(body.url !== undefined ? { url: body.url } : {}),
            ...(body.events !== undefined ? { events: body.events } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
            ...(resuming ? { failureStreak: 0, failingSince: null, pausedAt: null, droppedEvents: 0 } : {}),
            updatedAt: now,
          })
          .where(eq(e.id, id))
        if (resuming) await tx.update(d).set({ nextAttemptAt: now }).where(and(eq(d.endpointId, id), eq(d.status, 'pending')))
        return resuming && before.status === 'paused' ? { droppedEvents: before.droppedEvents } : null
      })
      // Its waiting deliveries are due now (no new row announces them).
      if (body.status === 'active') deps.webhooks.nudge()
      const endpoint = await endpointOr404(id)
      auditNote(c, { label: endpoint.url, detail: { ...body, ...(resumed ? { resumed: true, ...resumed } : {}) } })
      return c.json(ok(resumed ? WEBHOOKS_MSG.resumed : WEBHOOKS_MSG.updated, endpoint))
    })

    .delete('/admin/webhooks/:id', audited('delete'), validate('param', webhookIdParam), async (c) => {
      const [deleted] = await deps.db.delete(e).where(eq(e.id, c.req.valid('param').id)).returning({ url: e.url })
      if (!deleted) throw notFound(WEBHOOKS_MSG.notFound)
      auditNote(c, { label: deleted.url })
      return c.json(ok(WEBHOOKS_MSG.deleted, null))
    })

    // Deliveries from now on (retries too) carry the new secret's signature, and the old one's beside
    // it for a while, so the receiver can take the new secret without refusing any; once it has, it
    // accepts only the new one's (Standard Webhooks: any one matching signature verifies).
    .post('/admin/webhooks/:id/secret', audited('rotate_secret'), validate('param', webhookIdParam), async (c) => {
      const { id } = c.req.valid('param')
      const secret = newWebhookSecret()
      const now = deps.clock.now()
      const [row] = await deps.db
        .update(e)
        .set({ secret, previousSecret: sql`${e.secret}`, previousSecretUntil: addMs(now, WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000), updatedAt: now })
        .where(eq(e.id, id))
        .returning({ url: e.url })
      if (!row) throw notFound(WEBHOOKS_MSG.notFound)
      auditNote(c, { label: row.url })
      return c.json(ok(WEBHOOKS_MSG.secretRotated, { ...(await endpointOr404(id)), secret }))
    })

    .get('/admin/webhooks/:id/deliveries', permit('webhook.manage'), validate('param', webhookIdParam), validate('query', webhookDeliveryListQuery), async (c) => {
      const { id } = c.req.valid('param')
      const q = c.req.valid('query')
      await endpointOr404(id)
      const [total] = await deps.db.select({ n: count() }).from(d).where(eq(d.endpointId, id))
      const rows = await deps.db
        .select()
        .from(d)
        .where(eq(d.endpointId, id))
        .orderBy(q.sortOrder === 1 ? d.seq : desc(d.seq))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
      return c.json(listOk(WEBHOOKS_MSG.deliveriesListed, { rows: rows.map(toDelivery), total: total?.n ?? 0 }, q))
    })

    /** A finished delivery sent again now (sendNow), as a new row of the log with its event id and body. */
    .post('/admin/webhooks/:id/deliveries/:deliveryId/redeliver', audited('redeliver'), validate('param', webhookDeliveryParams), async (c) => {
      const { id, deliveryId } = c.req.valid('param')
      const [original] = await deps.db.select().from(d).where(and(eq(d.id, deliveryId), eq(d.endpointId, id)))
      if (!original) throw notFound(WEBHOOKS_MSG.deliveryNotFound)
      if (original.status === 'pending') throw conflict(WEBHOOKS_MSG.stillPending)
      const sent = await sendNow(deps, id, original)
      auditNote(c, { detail: { deliveryId, eventId: original.eventId, type: original.type, delivered: sent.status === 'delivered' } })
      return c.json(ok(sent.status === 'delivered' ? WEBHOOKS_MSG.redelivered : WEBHOOKS_MSG.redeliveryFailed, toDelivery(sent)), 201)
    })

    .post('/admin/webhooks/:id/test', audited('test'), validate('param', webhookIdParam), async (c) => {
      const endpoint = await endpointOr404(c.req.valid('param').id)
      const payload = eventPayload(WEBHOOK_TEST_EVENT, { endpointId: endpoint._id, message: 'A test event from Petcare Admin' }, deps.clock.now())
      const sent = await sendNow(deps, endpoint._id, { eventId: newEventId(), type: WEBHOOK_TEST_EVENT, payload })
      auditNote(c, { label: endpoint.url, detail: { delivered: sent.status === 'delivered' } })
      return c.json(ok(sent.status === 'delivered' ? WEBHOOKS_MSG.testDelivered : WEBHOOKS_MSG.testFailed, toDelivery(sent)), 201)
    })
}

