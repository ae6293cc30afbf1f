import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_signed-in/dashboard')({
  component: () => <h1>Dashboard</h1>,
})
