import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

/** Only a same-site path is accepted as the place to return to after sign-in. */
const loginSearch = z.object({
  redirect: z
    .string()
    .regex(/^\/(?!\/)/)
    .optional()
    .catch(undefined),
})

export const Route = createFileRoute('/_auth/')({
  validateSearch: loginSearch,
  component: () => <h1>Login</h1>,
})
