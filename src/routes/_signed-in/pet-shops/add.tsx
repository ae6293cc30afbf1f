import { createFileRoute } from '@tanstack/react-router'
import { PlaceFormPage } from '@/features/places/PlaceFormPage'

export const Route = createFileRoute('/_signed-in/pet-shops/add')({
  staticData: { title: 'Add Pet Shop', crumbs: [{ name: 'Pet Shops', path: '/pet-shops' }, { name: 'Add Pet Shop', path: '' }] },
  component: () => <PlaceFormPage kind="petShop" />,
})
