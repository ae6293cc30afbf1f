import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordForm } from '@/features/account/ChangePasswordForm'

export const Route = createFileRoute('/_signed-in/settings/change-password')({
  component: ChangePasswordForm,
})
