import { createFileRoute } from '@tanstack/react-router'
import { PlaceFormPage } from '@/features/places/PlaceFormPage'

export const Route = createFileRoute('/_signed-in/hospitals/add')({
  staticData: { title: 'Add Hospital', crumbs: [{ name: 'Hospitals', path: '/hospitals' }, { name: 'Add Hospital', path: '' }] },
  component: () => <PlaceFormPage kind="hospital" />,
})
