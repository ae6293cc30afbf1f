import { createFileRoute, redirect } from '@tanstack/react-router'

/** /settings opens its default page, Change Password. */
export const Route = createFileRoute('/_signed-in/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/change-password', replace: true })
  },
})
