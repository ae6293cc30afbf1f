/**
 * Every key the panel keeps in this browser's localStorage, named once. The HTML pages' inline
 * scripts get theirs from the build (vite.config.ts, htmlStorageKeys), so a key renamed here is
 * renamed there.
 */

/** The signed-in state (lib/persisted-auth.ts). */
export const PERSIST_KEY = 'persist:root'
/** The last theme this browser used (features/account/theme.ts). */
export const THEME_KEY = 'theme'
/** The command palette's recent items, one key per admin (lib/recent.ts). */
export const RECENT_KEY_PREFIX = 'petcare.recent.'

/** Whether a localStorage key is one of the panel's own. */
export const isPanelKey = (key: string) => key === PERSIST_KEY || key === THEME_KEY || key.startsWith(RECENT_KEY_PREFIX)
