import type { HttpHandler } from 'msw'
import { webhookCreateBody, webhookDeliveryListQuery, webhookUpdateBody } from '@contract/input/webhooks'
import {
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_MSG,
  webhookDeliveryParams,
  webhookEndpoint,
  webhookIdParam,
  webhookDelivery,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@contract/webhooks'
import { created, fail, ok, route, storeOf } from '../db'
import { listAnswer } from '../list'

/** Webhooks as server/routes/webhooks.ts answers them, over a store of endpoints and deliveries. */

export const SHOP_HOOK = '0e0b0000-0000-4000-8000-000000000001'
export const PAUSED_HOOK = '0e0b0000-0000-4000-8000-000000000002'
export const DELIVERED = '0d0e0000-0000-4000-8000-000000000001'
export const RETRYING = '0d0e0000-0000-4000-8000-000000000002'
export const MOCK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

type Stored = { endpoint: WebhookEndpoint; deliveries: WebhookDelivery[] }
let counter = 0
const nextId = (prefix: string) => `${prefix}-0000-4000-8000-${String(100 + ++counter).padStart(12, '0')}`

const delivery = (d: Partial<WebhookDelivery> & Pick<WebhookDelivery, '_id' | 'type' | 'status'>): WebhookDelivery =>
  webhookDelivery.parse({
    eventId: `msg_${d._id.replaceAll('-', '')}`,
    attempts: 1,
    createdAt: '2025-03-01T09:00:00.000Z',
    lastAttemptAt: '2025-03-01T09:00:01.000Z',
    nextAttemptAt: null,
    answerStatus: 200,
    answerBody: 'ok',
    error: null,
    durationMs: 42,
    ...d,
  })

function seed(): Stored[] {
  const base = { description: null, createdAt: '2025-02-01T09:00:00.000Z', updatedAt: '2025-02-01T09:00:00.000Z', pending: 0, droppedEvents: 0 }
  return [
    {
      endpoint: webhookEndpoint.parse({
        ...base,
        _id: SHOP_HOOK,
        url: 'https://shop.example.com/hooks',
        events: ['place.created', 'place.updated'],
        status: 'active',
        failureStreak: 2,
        pausedAt: null,
        pending: 1,
        lastDelivery: { status: 'pending', at: '2025-03-01T10:00:00.000Z', answerStatus: 500, nextAttemptAt: '2025-03-01T10:02:00.000Z' },
      }),
      deliveries: [
        delivery({
          _id: RETRYING,
          type: 'place.updated',
          status: 'pending',
          attempts: 2,
          answerStatus: 500,
          answerBody: 'Internal error',
          nextAttemptAt: '2025-03-01T10:02:00.000Z',
          createdAt: '2025-03-01T09:59:00.000Z',
        }),
        delivery({ _id: DELIVERED, type: 'place.created', status: 'delivered' }),
      ],
    },
    {
      endpoint: webhookEndpoint.parse({
        ...base,
        _id: PAUSED_HOOK,
        url: 'https://crm.example.com/in',
        events: ['user.blocked'],
        status: 'paused',
        failureStreak: 11,
        pausedAt: '2025-03-02T12:00:00.000Z',
        droppedEvents: 240,
        lastDelivery: { status: 'failed', at: '2025-03-02T12:00:00.000Z', answerStatus: null, nextAttemptAt: null },
      }),
      deliveries: [],
    },
  ]
}
export const webhooksDb = storeOf(seed)

const find = (id: string) => webhooksDb().find((s) => s.endpoint._id === id)
/**
 * Test and Redeliver send at once (server/webhooks/dispatcher.ts sendNow). As in a sandbox with no
 * network, only the seeded receivers exist: the shop's answers 204, the paused one's refuses the
 * connection, and any other host is not found.
 */
const sendNow = (stored: Stored, d: Pick<WebhookDelivery, '_id' | 'eventId' | 'type' | 'createdAt'>) => {
  const host = new URL(stored.endpoint.url).hostname
  const up = stored.endpoint._id === SHOP_HOOK
  const error = stored.endpoint._id === PAUSED_HOOK ? 'connect ECONNREFUSED' : `Refused: The host ${host} could not be found`
  const sent = webhookDelivery.parse({
    ...d,
    status: up ? 'delivered' : 'failed',
    attempts: 1,
    lastAttemptAt: d.createdAt,
    nextAttemptAt: null,
    answerStatus: up ? 204 : null,
    answerBody: up ? '' : null,
    error: up ? null : error,
    durationMs: 35,
  })
  stored.deliveries.unshift(sent)
  return sent
}
const manage = 'webhook.manage'

export const webhookHandlers: HttpHandler[] = [
  route('get', '/admin/webhooks', { permission: manage }, () => ok(WEBHOOKS_MSG.listed, webhooksDb().map((s) => s.endpoint))),

  route('post', '/admin/webhooks', { permission: manage, body: webhookCreateBody }, ({ body }) => {
    if (/^https?:\/\/(127\.|10\.|localhost)/.test(body.url)) return fail('BAD_REQUEST', WEBHOOKS_MSG.urlPrivate, { url: WEBHOOKS_MSG.urlPrivate })
    const now = new Date().toISOString()
    const endpoint = webhookEndpoint.parse({
      _id: nextId('0e0b0000'),
      url: body.url,
      events: body.events,
      description: body.description ?? null,
      status: 'active',
      failureStreak: 0,
      pausedAt: null,
      droppedEvents: 0,
      pending: 0,
      lastDelivery: null,
      createdAt: now,
      updatedAt: now,
    })
    webhooksDb().push({ endpoint, deliveries: [] })
    return created(WEBHOOKS_MSG.created, { ...endpoint, secret: MOCK_SECRET })
  }),

  route('get', '/admin/webhooks/:id', { permission: manage, params: webhookIdParam }, ({ params }) => {
    const stored = find(params.id)
    return stored ? ok(WEBHOOKS_MSG.fetched, stored.endpoint) : fail('NOT_FOUND', WEBHOOKS_MSG.notFound)
  }),

  route('patch', '/admin/webhooks/:id', { permission: manage, params: webhookIdParam, body: webhookUpdateBody }, ({ params, body }) => {
    const stored = find(params.id)
    if (!stored) return fail('NOT_FOUND', WEBHOOKS_MSG.notFound)
    const resumed = body.status === 'active' && stored.endpoint.status === 'paused'
    Object.assign(stored.endpoint, {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.events !== undefined ? { events: body.events } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.status === 'active' ? { failureStreak: 0, pausedAt: null, droppedEvents: 0 } : {}),
    })
    return ok(resumed ? WEBHOOKS_MSG.resumed : WEBHOOKS_MSG.updated, stored.endpoint)
  }),

  route('delete', '/admin/webhooks/:id', { permission: manage, params: webhookIdParam }, ({ params }) => {
    const list = webhooksDb()
    const at = list.findIndex((s) => s.endpoint._id === params.id)
    if (at < 0) return fail('NOT_FOUND', WEBHOOKS_MSG.notFound)
    list.splice(at, 1)
    return ok(WEBHOOKS_MSG.deleted)
  }),

  route('post', '/admin/webhooks/:id/secret', { permission: manage, params: webhookIdParam }, ({ params }) => {
    const stored = find(params.id)
    return stored ? ok(WEBHOOKS_MSG.secretRotated, { ...stored.endpoint, secret: `${MOCK_SECRET}2` }) : fail('NOT_FOUND', WEBHOOKS_MSG.notFound)
  }),

  route('get', '/admin/webhooks/:id/deliveries', { permission: manage, params: webhookIdParam, query: webhookDeliveryListQuery }, ({ params, query }) => {
    const stored = find(params.id)
    if (!stored) return fail('NOT_FOUND', WEBHOOKS_MSG.notFound)
    return listAnswer(query, stored.deliveries, { searchIn: (d) => [d.type] }, { message: WEBHOOKS_MSG.deliveriesListed })
  }),

  route('post', '/admin/webhooks/:id/deliveries/:deliveryId/redeliver', { permission: manage, params: webhookDeliveryParams }, ({ params }) => {
    const stored = find(params.id)
    const original = stored?.deliveries.find((d) => d._id === params.deliveryId)
    if (!stored || !original) return fail('NOT_FOUND', WEBHOOKS_MSG.deliveryNotFound)
    if (original.status === 'pending') return fail('CONFLICT', WEBHOOKS_MSG.stillPending)
    const sent = sendNow(stored, { _id: nextId('0d0e0000'), eventId: original.eventId, type: original.type, createdAt: new Date().toISOString() })
    return created(sent.status === 'delivered' ? WEBHOOKS_MSG.redelivered : WEBHOOKS_MSG.redeliveryFailed, sent)
  }),

  route('post', '/admin/webhooks/:id/test', { permission: manage, params: webhookIdParam }, ({ params }) => {
    const stored = find(params.id)
    if (!stored) return fail('NOT_FOUND', WEBHOOKS_MSG.notFound)
    const sent = sendNow(stored, { _id: nextId('0d0e0000'), eventId: `msg_test${++counter}`, type: WEBHOOK_TEST_EVENT, createdAt: new Date().toISOString() })
    return created(sent.status === 'delivered' ? WEBHOOKS_MSG.testDelivered : WEBHOOKS_MSG.testFailed, sent)
  }),
]
