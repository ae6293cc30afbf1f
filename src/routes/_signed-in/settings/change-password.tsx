import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordForm } from '@/features/account/ChangePasswordForm'

export const Route = createFileRoute('/_signed-in/settings/change-password')({
  staticData: { title: 'Change Password' },
  component: ChangePasswordForm,
})
