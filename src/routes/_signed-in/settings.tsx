import { Outlet, createFileRoute } from '@tanstack/react-router'
import { SettingsLayout } from '@/components/layout/SettingsLayout'

export const Route = createFileRoute('/_signed-in/settings')({
  component: () => (
    <SettingsLayout>
      <Outlet />
    </SettingsLayout>
  ),
})
