import { configure, getConfig } from '@testing-library/react'
import * as React from 'react'

/*
 * Diagnostics that cost the web tests more than they tell. A module of its own, evaluated once
 * per worker: setup.ts runs again for every file, and these wrap what they replace.
 */

// React's development build records where each element was created, for the stacks of its
// warnings: an Error (its stack captured) and a console task per element, up to 10,000 a second,
// about 5 % of the web tests' time. The warnings still name the component that rendered the
// element; only the file-and-line stack of its creator is left out.
const reactInternals = (React as unknown as Record<string, object>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => 10_000, set: () => {} })
}

// A query that finds nothing throws an error holding the whole page, printed. findBy* and waitFor
// retry their query on every change to the page until it passes, and each miss printed the page
// again (about 4 % of the web tests' time) for an error nobody reads: only the last one is shown,
// and waitFor prints the page into it when it gives up. While it retries (the library's own flag,
// which its role queries read too), a miss throws the message alone.
const { getElementError } = getConfig()
configure({
  getElementError(message, container) {
    if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) {
      return getElementError(message, container)
    }
    const error = new Error(message ?? '')
    error.name = 'TestingLibraryElementError'
    return error
  },
})
