/** Every user-facing text of the specification, typed once, character for character. */
export const MSG = {
  required: 'Enter the required field',
  email: 'Please enter valid Email',
  passwordMin: 'Password should be minimum of 8 characters',
  passwordMax: 'Password should be maximum of 16 characters',
  passwordPattern:
    'Please enter minimum 8 character password with at least 1 uppercase, one numeric digit, 1 lower case & 1 special character.',
  passwordMatch: 'Password and Confirm Password must match',
  latitude: 'This address does not support Latitude please select any famous landmark',
  longitude: 'This address does not support Longitude please select any famous landmark',
  imagesMin: 'At least one image is required',
  imagesMax: 'At max you can upload 20 images',
  imageSize: 'File size should be less than 5MB',
  imagePicker5mb: 'Selected image exceeded 5MB and was not added.',
  imagePicker1mb: 'Selected image exceeded 1MB and was not added.',
  nameMin: 'Name should be minimum of 2 characters',
  nameMax: 'Name should be maximum of 20 characters',
  nameInvalid: 'Please enter valid name',
  faqTitleRequired: 'Title is required',
  faqTitleMax: 'Title Should be maximum 200 characters allowed',
  faqDescriptionRequired: 'Description is required',
  faqDescriptionMax: 'Description Shouldbe maximum 500 characters allowed',
  // The error catalogue: what the client shows when a call fails.
  fallback: 'OOPS! something went wrong',
  timeout: 'Request timeout. Please try again.',
  networkNotice: 'Please check your internet connections.',
  networkRejection: 'Network error. Please check your internet connection.',
  success: 'Successful',
  shopDeleted: 'Shop has been deleted successfully!',
  hospitalDeleted: 'Hospital has been deleted successfully!',
  pictureUploadFailed: 'Failed to upload image',
  pageNotFound: 'PAGE NOT FOUND',
  // Not in the specification: our own wording for what it leaves open.
  otpInvalid: 'Please enter the 6 digit code',
  profileNameMin: 'Name should be minimum of 2 characters',
  profileNameMax: 'Name should be maximum of 50 characters',
  imageUrl: 'Please enter a valid image URL',
} as const

/** What the server answers whatever the resource: sign-in, permission, unknown paths, its own failures. */
export const API_MSG = {
  signIn: 'Please sign in to continue',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  noRoute: (method: string, path: string) => `No API route for ${method} ${path}`,
  invalidRequest: 'Invalid request',
  invalidId: 'Invalid id',
  bodyTooLarge: 'Request body is too large',
  cutOff: 'The request was cut off',
  internal: 'Something went wrong on our side. Please try again later.',
  busy: 'The server is busy. Please try again in a moment.',
} as const

/** What a JSON body the server cannot take is told, before its schema is checked. */
export const JSON_MSG = {
  mediaType: 'Content-Type must be application/json',
  malformed: 'Request body is not valid JSON',
  tooDeep: (maxDepth: number) => `Request body is nested too deeply (more than ${maxDepth} levels)`,
  duplicateKey: (key: string) => `Request body has the key "${key.slice(0, 100)}" more than once`,
  notObject: 'Request body must be a JSON object',
  nul: 'Text must not contain NUL characters',
} as const

/** What a create sent with an Idempotency-Key header may be told. */
export const IDEMPOTENCY_MSG = {
  badKey: 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores',
  otherRequest: 'This Idempotency-Key was already used for a different request. Send a new key with a new submission.',
  stillRunning: 'The first request with this Idempotency-Key is still being processed. Please try again in a moment.',
} as const

/** "N minutes" for a wait in seconds, rounded up (at least 1 minute). */
export const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** What a call refused for coming too often answers (a 429 with Retry-After). */
export const THROTTLE_MSG = {
  signIn: (retryAfterS: number) => `Too many failed sign-in attempts. Please try again in ${minutesText(retryAfterS)}.`,
  otp: (retryAfterS: number) => `Too many verification codes requested. Please try again in ${minutesText(retryAfterS)}.`,
  changePassword: (retryAfterS: number) =>
    `Too many wrong old passwords. Please try again in ${minutesText(retryAfterS)}.`,
  /** Accept-invite and reset-password, after many links that did not work from one address. */
  passwordLink: (retryAfterS: number) =>
    `Too many links that did not work. Please try again in ${minutesText(retryAfterS)}.`,
} as const

/** Place forms word their required messages by kind. */
export const PLACE_MSG = {
  petShop: { name: 'Enter pet shop name', address: 'Please enter valid pet shop address' },
  hospital: { name: 'Enter hospitals name', address: 'Please enter valid hospitals address' },
} as const
