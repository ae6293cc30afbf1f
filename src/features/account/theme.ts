import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Theme } from '@contract'
import { preferences, type Preferences } from '@contract/preferences'
import { useAuth } from '@/lib/auth'
import { http, notifyIfUnseen, withData } from '@/lib/http'
import { preferencesKeys, preferencesQuery } from '@/lib/preferences'
import { THEME_KEY } from '@/lib/storage-keys'

/**
 * The admin's theme (system, light or dark), kept on the server with their other preferences.
 *
 * index.html's inline script paints, before the first paint and after: `<html data-theme>` holds
 * the theme, and the script keeps `.dark` on <html> in step with it and, for "system", with the
 * system's setting (live). At load it takes the last theme this browser used (THEME_KEY) when a
 * session is held (PERSIST_KEY of lib/persisted-auth), else "system": the public pages follow the
 * system. This module only says which theme: it sets `data-theme`, and keeps the choice in
 * localStorage for this browser's next first paint. src/theme.css holds both palettes.
 */

// The query is shared with the list kit's column choices (lib/preferences.ts).
export { preferencesKeys, preferencesQuery }

const storedTheme = (): Theme => {
  try {
    const theme = localStorage.getItem(THEME_KEY)
    return theme === 'light' || theme === 'dark' ? theme : 'system'
  } catch {
    return 'system'
  }
}

const showTheme = (theme: Theme) => document.documentElement.setAttribute('data-theme', theme)

/** Shows `theme` at once and remembers it for this browser's next visit. */
export function applyTheme(theme: Theme) {
  showTheme(theme)
  try {
    localStorage.setItem(THEME_KEY, theme)
  } catch {
    // Private mode: the theme still applies, the next visit starts from the system's.
  }
}

const themeOf = (p: Preferences) => p.theme

/** The admin's theme: theirs once their preferences have loaded, until then this browser's last one. */
export function useTheme(): Theme {
  return useQuery({ ...preferencesQuery, select: themeOf }).data ?? storedTheme()
}

/**
 * For the signed-in layout: the theme this browser last used while the admin's preferences load,
 * then theirs (the server's wins, so it follows them to another browser); back to the system's
 * when they leave (sign-out), as the public pages follow the system.
 */
export function useAdminTheme() {
  const theme = useQuery({ ...preferencesQuery, select: themeOf }).data
  useEffect(() => {
    showTheme(storedTheme())
    return () => showTheme('system')
  }, [])
  const signedIn = useAuth().accessToken !== null
  useEffect(() => {
    // An answer that comes after the session ended (a 401 signs out) leaves no trace behind.
    if (theme && signedIn) applyTheme(theme)
  }, [theme, signedIn])
}

/** PATCH admin/preferences `{ theme }`: shown at once; on failure, back to the theme before. */
export function useChooseTheme() {
  const queryClient = useQueryClient()
  const setCached = (theme: Theme) =>
    queryClient.setQueryData<Preferences>(preferencesKeys.all, (old) => (old ? { ...old, theme } : old))
  return useMutation({
    mutationFn: (theme: Theme) => http.patch('admin/preferences', withData(preferences), { theme }),
    onMutate: async (theme) => {
      const before = queryClient.getQueryData<Preferences>(preferencesKeys.all)?.theme ?? storedTheme()
      await queryClient.cancelQueries({ queryKey: preferencesKeys.all })
      setCached(theme)
      applyTheme(theme)
      return { before }
    },
    onSuccess: ({ data }) => queryClient.setQueryData(preferencesKeys.all, data),
    // The theme goes back to what it was, and a toast says why (the client only logs a 404 or 5xx).
    onError: (error, _theme, context) => {
      notifyIfUnseen(error)
      if (!context) return
      setCached(context.before)
      applyTheme(context.before)
    },
  })
}
