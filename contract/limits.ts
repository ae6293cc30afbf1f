/** The product's business constants: time-outs, page sizes, limits and layout sizes. */
export const API_PREFIX = '/api/v1'
export const REQUEST_TIMEOUT_MS = 30_000
/** How long a screen's code may take to arrive before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
export const SEARCH_DEBOUNCE_MS = 500
export const PAGE_SIZE_DEFAULT = 10
export const TABLE_PAGE_SIZES = [5, 10, 15] as const
export const PAGINATION_PAGE_SIZES = [10, 25, 50, 100] as const
export const LIST_LIMIT_MAX = 100
export const RECIPIENTS_PAGE_SIZE = 5
export const IMAGES_MAX = 20
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const SITE_IMAGE_MAX_BYTES = 20 * 1024 * 1024
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024
export const EMAIL_CUT = 18
export const MOBILE_CUT = 12
export const SLIDER_INTERVAL_MS = 5000
export const SWIPE_MIN_PX = 10
export const BREADCRUMB_MAX_ITEMS = 8
export const OTP_LENGTH = 6
export const OTP_TTL_MS = 10 * 60 * 1000
export const OTP_MAX_ATTEMPTS = 5
export const DEFAULT_COORDINATE = -1
