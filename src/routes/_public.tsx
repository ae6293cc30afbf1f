import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'

/**
 * Every public page (sign-in screens, policies, FAQ, contact, support, no-data-found): a visitor
 * who already holds a token is sent to the dashboard. The public pet page is its own entry and
 * does the same in src/pet-details/main.tsx.
 */
export const Route = createFileRoute('/_public')({
  beforeLoad: ({ context }) => {
    if (context.auth.get().accessToken) throw redirect({ to: '/dashboard' })
  },
  component: Outlet,
})
