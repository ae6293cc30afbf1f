/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the API, default /api/v1 (same origin). */
  readonly VITE_API_BASE_URL?: string
  readonly VITE_GOOGLE_MAPS_API_KEY?: string
  readonly VITE_APP_STORE_URL?: string
  readonly VITE_PLAY_STORE_URL?: string
}
interface ImportMeta {
  readonly env: ImportMetaEnv
}
