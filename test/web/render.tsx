import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory } from '@tanstack/react-router'
import { App } from '@/app'
import { authStore } from '@/lib/auth'
import { createAppRouter, createQueryClient } from '@/router'
import { checkScreenWhenDone } from './axe'
import { sessionFor } from './mocks/db'

/**
 * Mount the real route tree at `path` with a memory history and a fresh query cache, as the
 * app does in the browser. `signedInAs` starts with a session held, as after a sign-in.
 */
export function renderRoute(path: string, { signedInAs }: { signedInAs?: 'admin' | 'subAdmin' } = {}) {
  if (signedInAs) authStore.signIn(sessionFor(signedInAs))
  const queryClient = createQueryClient()
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter({ queryClient, history })
  const user = userEvent.setup()
  const view = render(<App router={router} queryClient={queryClient} />)
  checkScreenWhenDone(() => router.state.matches.at(-1)?.routeId ?? path)
  return { ...view, router, history, queryClient, user }
}
