import { accountHandlers } from './account'
import { adminHandlers } from './admins'
import { apiTokenHandlers } from './api-tokens'
import { auditHandlers } from './audit'
import { authHandlers } from './auth'
import { bulkHandlers } from './bulk'
import { citiesSitesHandlers } from './cities-sites'
import { cmsHandlers } from './cms'
import { dashboardHandlers } from './dashboard'
import { eventsHandlers } from './events'
import { feedbackHandlers } from './feedback'
import { notificationHandlers } from './notifications'
import { partnerHandlers } from './partners'
import { petsHandlers } from './pets'
import { placesHandlers } from './places'
import { trashHandlers } from './trash'
import { importHandlers } from './imports'
import { preferencesHandlers } from './preferences'
import { savedViewsHandlers } from './saved-views'
import { searchHandlers } from './search'
import { uploadHandlers } from './uploads'
import { userHandlers } from './users'
import { webhookHandlers } from './webhooks'

export const handlers = [
  ...authHandlers,
  ...accountHandlers,
  ...preferencesHandlers,
  ...savedViewsHandlers,
  ...dashboardHandlers,
  ...searchHandlers,
  ...eventsHandlers,
  ...userHandlers,
  ...bulkHandlers,
  ...partnerHandlers,
  ...uploadHandlers,
  ...placesHandlers,
  ...feedbackHandlers,
  ...notificationHandlers,
  ...petsHandlers,
  ...cmsHandlers,
  ...citiesSitesHandlers,
  ...auditHandlers,
  ...adminHandlers,
  ...apiTokenHandlers,
  ...trashHandlers,
  ...webhookHandlers,
  ...importHandlers,
]
