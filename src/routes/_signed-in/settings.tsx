import { Outlet, createFileRoute } from '@tanstack/react-router'
import { SettingsLayout } from '@/components/layout/SettingsLayout'

export const Route = createFileRoute('/_signed-in/settings')({
  staticData: { title: 'Settings' },
  component: () => (
    <SettingsLayout>
      <Outlet />
    </SettingsLayout>
  ),
})
