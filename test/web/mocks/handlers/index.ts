import { accountHandlers } from './account'
import { authHandlers } from './auth'
import { dashboardHandlers } from './dashboard'
import { feedbackHandlers } from './feedback'
import { notificationHandlers } from './notifications'
import { partnerHandlers } from './partners'
import { placesHandlers } from './places'
import { uploadHandlers } from './uploads'
import { userHandlers } from './users'

export const handlers = [
  ...authHandlers,
  ...accountHandlers,
  ...dashboardHandlers,
  ...userHandlers,
  ...partnerHandlers,
  ...uploadHandlers,
  ...placesHandlers,
  ...feedbackHandlers,
  ...notificationHandlers,
]
