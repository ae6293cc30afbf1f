import type { z } from 'zod'
import * as zm from 'zod/mini'
import { auditActor, auditEntry } from './audit'
import { adminAccount } from './admins'
import { apiToken, apiTokenSelf, createdApiToken } from './api-tokens'
import { adminProfile, loginResult, verifyOtpResult } from './auth'
import { city } from './cities'
import { cmsPage, faq } from './cms'
import { dashboardCharts, dashboardTotals } from './dashboard'
import { errorBody, listEnvelope, okEnvelope } from './envelope'
import { bulkResult } from './bulk'
import { deviceRemoval, pushDevice } from './devices'
import { feedback, feedbackDetails, feedbackNote } from './feedback'
import { appUserSyncLine, petSyncLine } from './input/integration'
import { integrationRemoval, integrationWrite, syncLineResult, syncSummary } from './integration'
import { importResult } from './imports'
import { notificationDetails, notificationListItem, notificationRecipient, pushService } from './notifications'
import { openApiDocumentSchema } from './openapi'
import { partner, partnerDetails } from './partners'
import { petDetails } from './pets'
import { placeDetails, placeListItem } from './places'
import { preferences } from './preferences'
import { savedView } from './saved-views'
import { searchResults } from './search'
import { siteDetails, siteListItem } from './sites'
import { trashItem } from './trash'
import { uploadResult } from './uploads'
import { userDetails, userListItem } from './users'
import { webhookDelivery, webhookEndpoint, webhookEndpointWithSecret } from './webhooks'

/**
 * What each API call answers when it succeeds, once, beside the request schemas the routes
 * declare (server/http/validate.ts): the OpenAPI document is generated from both
 * (server/openapi/document.ts), and the server tests hold every answer to it. A failure is
 * always the error body (`errorBody`). Keys are "METHOD path" as the server routes them, under
 * /api/v1.
 */
export type ApiAnswer =
  /** `{ isSuccess, message, data }` with this data. */
  | { kind: 'data'; status: 200 | 201; data: zm.ZodMiniType }
  /** The flat list envelope of these items. */
  | { kind: 'list'; item: zm.ZodMiniType }
  /** A CSV file, sent as an attachment. */
  | { kind: 'csv' }
  /** A text/event-stream that stays open (the live update stream, contract/live-events.ts). */
  | { kind: 'events' }
  /** A body of its own, without the envelope (the OpenAPI document itself). */
  | { kind: 'raw'; body: zm.ZodMiniType }
  /**
   * NDJSON streamed both ways (the integration API's bulk sync): the request is one `record` a
   * line, the answer one `line` a line.
   */
  | { kind: 'ndjson'; record: zm.ZodMiniType | z.ZodType; line: zm.ZodMiniType }

export interface ApiOperation {
  /** The group it is listed under. */
  tag: string
  summary: string
  answer: ApiAnswer
}

const data = (schema: zm.ZodMiniType, status: 200 | 201 = 200): ApiAnswer => ({ kind: 'data', status, data: schema })
const created = (schema: zm.ZodMiniType) => data(schema, 201)
/** `data: null`: the message is the answer. */
const done = data(zm.null())
const list = (item: zm.ZodMiniType): ApiAnswer => ({ kind: 'list', item })
const csv: ApiAnswer = { kind: 'csv' }
const ndjson = (record: z.ZodType): ApiAnswer => ({ kind: 'ndjson', record, line: zm.union([syncLineResult, syncSummary]) })

const group = (tag: string, operations: Record<string, [summary: string, answer: ApiAnswer]>) =>
  Object.fromEntries(Object.entries(operations).map(([key, [summary, answer]]) => [key, { tag, summary, answer }]))

export const API_OPERATIONS: Record<string, ApiOperation> = {
  ...group('Sign-in and password', {
    'POST /admin/login': ['Sign in with email and password', data(loginResult)],
    'POST /admin/logout/:id': ['Sign out (the id is the signed-in admin’s own)', done],
    'POST /admin/send-otp': ['Mail a one-time code to reset the password', done],
    'POST /admin/resend-otp': ['Mail a new one-time code', done],
    'POST /admin/verify-otp': ['Check the one-time code; answers a reset token', data(verifyOtpResult)],
    'POST /admin/reset-password': ['Set a new password with the reset token', done],
    'POST /admin/change-password': ['Change the signed-in admin’s password', done],
    'POST /admin/accept-invite': ['Accept an invitation and choose a password', done],
  }),
  ...group('Profile and dashboard', {
    'GET /admin/profile': ['The signed-in admin’s profile', data(adminProfile)],
    'PUT /admin/edit': ['Edit the signed-in admin’s name and picture', data(adminProfile)],
    'GET /admin/preferences': ['The signed-in admin’s theme and chosen list columns', data(preferences)],
    'PATCH /admin/preferences': ['Change the signed-in admin’s theme or a list’s columns (null: back to the default)', data(preferences)],
    'GET /admin/views': ['A list’s saved views: the signed-in admin’s personal ones and every shared one', data(zm.array(savedView))],
    'POST /admin/views': ['Save a list’s state as a view (shared: admins only)', created(savedView)],
    'PATCH /admin/views/:id': ['Rename a saved view, replace its state, share or unshare it', data(savedView)],
    'DELETE /admin/views/:id': ['Delete a saved view', done],
    'GET /admin/dashboard': ['Totals for the dashboard, and the pending partner requests', data(dashboardTotals)],
    'GET /admin/search': ['Find pet owners, pet shops, hospitals, sites and cities by name (the command palette): five of each kind, and whether more match', data(searchResults)],
    'GET /admin/dashboard/charts': ['The dashboard’s charts over a period (30d, 90d or 12m), every day, week or month counted', data(dashboardCharts)],
    'POST /common/upload': ['Sign upload forms for image files', data(uploadResult)],
    'POST /common/file/upload/request': ['The same as POST /common/upload, by its other name', data(uploadResult)],
    'GET /openapi.json': ['This document', { kind: 'raw', body: openApiDocumentSchema }],
  }),
  ...group('Pet owners', {
    'GET /admin/users': ['List pet owners', list(userListItem)],
    'GET /admin/users/export': ['Pet owners as CSV', csv],
    'POST /admin/users/export': ['Chosen pet owners as CSV (body: ids; the query string’s order)', csv],
    'GET /admin/user/:id': ['A pet owner with their pets', data(userDetails)],
    'GET /admin/user/:id/pet/:petId': ['One of a pet owner’s pets, every field of its public page', data(petDetails)],
    'PATCH /admin/user/block-unblock/:id': ['Block or unblock a pet owner', data(userListItem)],
    'GET /pet/petbyid': ['A pet’s public details (shared link, no sign-in)', data(petDetails)],
  }),
  ...group('Pet shops and hospitals', {
    'GET /place/admin/pet-shops': ['List pet shops', list(placeListItem)],
    'GET /place/admin/pet-shops/export': ['Pet shops as CSV', csv],
    'POST /place/admin/pet-shops/export': ['Chosen pet shops as CSV', csv],
    'GET /place/admin/pet-shop/:id': ['A pet shop', data(placeDetails)],
    'GET /place/admin/pet-shop': ['A pet shop, its id as the query’s `id`', data(placeDetails)],
    'POST /place/pet-shop': ['Add a pet shop', created(placeDetails)],
    'PUT /place/pet-shop/:id': ['Edit a pet shop', data(placeDetails)],
    'PATCH /place/pet-shop/:id': ['Activate or deactivate a pet shop', data(placeListItem)],
    'DELETE /place/pet-shop/:id': ['Delete a pet shop', done],
    'GET /place/admin/hospitals': ['List hospitals', list(placeListItem)],
    'GET /place/admin/hospitals/export': ['Hospitals as CSV', csv],
    'POST /place/admin/hospitals/export': ['Chosen hospitals as CSV', csv],
    'GET /place/admin/hospital/:id': ['A hospital', data(placeDetails)],
    'GET /place/admin/hospital': ['A hospital, its id as the query’s `id`', data(placeDetails)],
    'POST /place/hospital': ['Add a hospital', created(placeDetails)],
    'PUT /place/hospital/:id': ['Edit a hospital', data(placeDetails)],
    'PATCH /place/hospital/:id': ['Activate or deactivate a hospital', data(placeListItem)],
    'DELETE /place/hospital/:id': ['Delete a hospital', done],
  }),
  ...group('Partners and feedback', {
    'GET /admin/partners': ['List partner requests (filter: type 5|6; status: 1 pending, 2 approved, 3 declined)', list(partner)],
    'GET /admin/partners/export': ['Partner requests as CSV', csv],
    'POST /admin/partners/export': ['Chosen partner requests as CSV', csv],
    'GET /admin/partners/:id': ['A partner request and its history (decision, the draft place it created)', data(partnerDetails)],
    'POST /admin/partners/:id/approve': ['Approve a pending partner request: makes a draft pet shop or hospital and mails the applicant', data(partnerDetails)],
    'POST /admin/partners/:id/decline': ['Decline a pending partner request with a reason, mailed to the applicant', data(partnerDetails)],
    'GET /feedback/list': ['List feedback', list(feedback)],
    'GET /feedback/export': ['Feedback as CSV', csv],
    'POST /feedback/export': ['Chosen feedback as CSV', csv],
    'GET /feedback/:id': ['One feedback with its internal notes, newest first', data(feedbackDetails)],
    'PATCH /feedback/:id/status': ['Set a feedback’s status (1 open, 2 in progress, 3 resolved)', data(feedback)],
    'POST /feedback/:id/notes': ['Add an internal note to a feedback', created(feedbackNote)],
    'DELETE /admin/feedback/:id': ['Delete a feedback (to the trash)', done],
  }),
  ...group('Notifications', {
    'POST /admin/notification': ['Send a push notification now, or schedule it (sendAt)', created(notificationListItem)],
    'GET /admin/notifications': ['List notifications, sent and scheduled', list(notificationListItem)],
    'GET /admin/notifications/push-service': ['Whether a push service is configured (without one, recipients stay "Not sent")', data(pushService)],
    'GET /admin/notification/:id': ['A notification with its first recipients and its deliveries by status', data(notificationDetails)],
    'GET /admin/notification/:id/recipients': ['Every recipient of a notification with their delivery (filter: 1 pending, 2 delivered, 3 failed, 4 not sent)', list(notificationRecipient)],
    'POST /admin/notification/:id/retry': ['Hand the failed and not sent recipients to the push service again (409 while none is configured)', data(notificationDetails)],
    'POST /admin/notification/:id/cancel': ['Cancel a scheduled notification', data(notificationListItem)],
    'DELETE /admin/notification/:id': ['Delete a notification', done],
  }),
  ...group('Content', {
    'GET /admin/cms/list': ['The CMS pages', data(zm.array(cmsPage))],
    'PUT /admin/cms': ['Save a CMS page', data(cmsPage)],
    'GET /cms/:type': ['A CMS page, public (1 privacy, 2 terms, 4 contact, 5 support)', data(cmsPage)],
    'GET /cms-faqs': ['The FAQs, public', data(zm.array(faq))],
    'GET /admin/faq': ['The FAQs', data(zm.array(faq))],
    'POST /admin/faq': ['Add an FAQ', created(faq)],
    'PUT /admin/faq/order': ['Reorder the FAQs', data(zm.array(faq))],
    'PUT /admin/faq/:id': ['Edit an FAQ', data(faq)],
    'DELETE /admin/faq/:id': ['Delete an FAQ', done],
  }),
  ...group('Cities and sites', {
    'GET /admin/city/list': ['List cities', list(city)],
    'POST /admin/city': ['Add a city', created(city)],
    'GET /admin/city/:id': ['A city', data(city)],
    'PUT /admin/city/:id': ['Rename a city', data(city)],
    'DELETE /admin/city/:id': ['Delete a city', done],
    'GET /admin/site/list': ['List a city’s sites', list(siteListItem)],
    'GET /admin/site/:id': ['A site', data(siteDetails)],
    'POST /admin/site': ['Add a site', created(siteDetails)],
    'PUT /admin/site/:id': ['Edit a site', data(siteDetails)],
    'PATCH /admin/site/status/:id': ['Activate or deactivate a site', data(siteListItem)],
    'DELETE /admin/site/:id': ['Delete a site', done],
  }),
  ...group('Admins and audit log', {
    'GET /admin/audit-log': ['List audit entries', list(auditEntry)],
    'GET /admin/audit-log/export': ['Audit entries as CSV', csv],
    'POST /admin/audit-log/export': ['Chosen audit entries as CSV', csv],
    'GET /admin/audit-log/actors': ['Admins who appear in the audit log', data(zm.array(auditActor))],
    'GET /admin/admins': ['List admin accounts', list(adminAccount)],
    'POST /admin/admins': ['Create an admin account (mails an invitation)', created(adminAccount)],
    'PATCH /admin/admins/:id/status': ['Block or unblock an admin account', data(adminAccount)],
    'POST /admin/admins/:id/invite': ['Mail the invitation again', data(adminAccount)],
  }),
  ...group('API tokens', {
    'GET /admin/api-tokens': ['List the API tokens, with their last use (never their secrets)', data(zm.array(apiToken))],
    'POST /admin/api-tokens': ['Create an API token: its secret is in this answer only', created(createdApiToken)],
    'POST /admin/api-tokens/:id/revoke': ['Revoke an API token, at once', data(apiToken)],
  }),
  // The integration API: API tokens only (security apiToken), within their scopes.
  ...group('Integration', {
    'GET /integration/token': ['The calling API token: its name, scopes and expiry', data(apiTokenSelf)],
    'PUT /integration/users/:externalId': ['Create or update an app user by the platform\'s id (never their block state)', data(integrationWrite)],
    'PUT /integration/users/:externalId/pets/:petExternalId': ['Create or update a pet of the user by the platform\'s id', data(integrationWrite)],
    'DELETE /integration/users/:externalId/pets/:petExternalId': ['Remove a pet of the user (again: unchanged)', data(integrationRemoval)],
    'PUT /integration/users/:externalId/devices': ['Register or refresh a device of the user, by its token (a token registered again moves to this user)', data(pushDevice)],
    'DELETE /integration/users/:externalId/devices': ['Unregister a device of the user, by its token (again: unchanged)', data(deviceRemoval)],
    'POST /integration/feedback': ['Submit a user\'s feedback (again with the same externalId: the same feedback)', data(integrationWrite)],
    'POST /integration/partner-requests': ['Submit a partner request (again with the same externalId: the same request)', data(integrationWrite)],
    'POST /integration/sync/users': ['Bulk sync of app users: NDJSON in, one result a line out, then the summary', ndjson(appUserSyncLine)],
    'POST /integration/sync/pets': ['Bulk sync of pets: NDJSON in, one result a line out, then the summary', ndjson(petSyncLine)],
    'POST /integration/uploads/pet-photos': ['Sign upload forms for pet photos (profile pictures: JPG or PNG, 1 MB); name each fileUrl in profilePhotos', data(uploadResult)],
    'POST /integration/uploads/profile-images': ['Sign upload forms for users’ pictures (JPG or PNG, 1 MB); name the fileUrl in profileImage', data(uploadResult)],
  }),
  ...group('Bulk actions', {
    'POST /admin/users/bulk': ['Block or unblock many users (ids, or the list query for all matching; at most 10,000)', data(bulkResult)],
    // A delete's answer also names the rows it moved (`ids`); restore (by ids only) is its Undo.
    'POST /admin/pet-shops/bulk': ['Activate, deactivate, delete or restore many pet shops', data(bulkResult)],
    'POST /admin/hospitals/bulk': ['Activate, deactivate, delete or restore many hospitals', data(bulkResult)],
    'POST /admin/sites/bulk': ['Activate, deactivate, delete or restore many sites', data(bulkResult)],
    'POST /admin/notifications/bulk': ['Delete or restore many notifications', data(bulkResult)],
    'POST /admin/feedback/bulk': ['Mark many feedback resolved, delete or restore them', data(bulkResult)],
  }),
  ...group('Trash', {
    'GET /admin/trash': ['What was deleted in the last 30 days, who deleted it and when', list(trashItem)],
    'POST /admin/trash/:kind/:id/restore': ['Restore a deleted record as it was (also the Undo of a delete)', done],
    'DELETE /admin/trash/:kind/:id': ['Delete a record in the trash forever, with its image files', done],
  }),
  ...group('Import', {
    'GET /admin/import/:kind/template': ['The columns of a kind’s import file, with its records, as CSV', csv],
    'POST /admin/import/:kind/preview': ['Check an import file: what each row would come to, changing nothing', data(importResult)],
    'POST /admin/import/:kind': ['Import a file: add its new rows (pictures fetched by address), leave the existing ones', data(importResult)],
  }),
  ...group('Live updates', {
    'GET /admin/events': ['A stream of server-sent events naming the tables that changed, for screens to refetch', { kind: 'events' }],
  }),
  ...group('Webhooks', {
    'GET /admin/webhooks': ['The webhook endpoints, with their state and latest delivery', data(zm.array(webhookEndpoint))],
    'POST /admin/webhooks': ['Add an endpoint; the answer holds its signing secret, shown this once', created(webhookEndpointWithSecret)],
    'GET /admin/webhooks/:id': ['One endpoint', data(webhookEndpoint)],
    'PATCH /admin/webhooks/:id': ['Change an endpoint’s URL, events or description; disable, enable or resume it', data(webhookEndpoint)],
    'DELETE /admin/webhooks/:id': ['Delete an endpoint and its delivery log', done],
    'POST /admin/webhooks/:id/secret': ['Replace an endpoint’s signing secret (shown this once)', data(webhookEndpointWithSecret)],
    'GET /admin/webhooks/:id/deliveries': ['An endpoint’s delivery log, newest first', list(webhookDelivery)],
    'POST /admin/webhooks/:id/deliveries/:deliveryId/redeliver': ['Send a finished delivery again now, with its event id and body: one attempt, answered with its outcome', created(webhookDelivery)],
    'POST /admin/webhooks/:id/test': ['Send a webhook.test event to the endpoint now (paused too): one attempt, answered with its outcome', created(webhookDelivery)],
  }),
}

/** The body a successful answer of `operation` must have (undefined for a CSV file). */
const successBodies = new WeakMap<ApiAnswer, zm.ZodMiniType | undefined>()

/** The whole success body of an answer; built once per answer (a zod schema compiles on first use). */
export function successBody(answer: ApiAnswer): zm.ZodMiniType | undefined {
  if (!successBodies.has(answer)) successBodies.set(answer, buildSuccessBody(answer))
  return successBodies.get(answer)
}

function buildSuccessBody(answer: ApiAnswer): zm.ZodMiniType | undefined {
  switch (answer.kind) {
    case 'data':
      return okEnvelope(answer.data)
    case 'list':
      return listEnvelope(answer.item)
    case 'raw':
      return answer.body
    case 'csv':
    case 'events':
    case 'ndjson':
      return undefined
  }
}

/** Every failure, 4xx or 5xx. */
export const failureBody = errorBody
