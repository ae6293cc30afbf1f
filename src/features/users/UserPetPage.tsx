import type { ReactNode } from 'react'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, type ErrorComponentProps } from '@tanstack/react-router'
import { PETS_MSG, type PetDetails } from '@contract'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { DetailsError } from '@/components/layout/DetailsError'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { Dashes } from '@/components/ui/Dashes'
import { Card, DetailsCard, type DetailField } from '@/components/ui/DetailsCard'
import { ImageOrIcon } from '@/components/ui/ImageOrIcon'
import { ImageGallery } from '@/components/ui/ImageGallery'
import { ageLabel, dateLabel, genderLabel, NO_VALUE, orNoValue, ownerDaysLabel, profileLabel, sizeLabel } from '@/pet-details/labels'
import { MedicationList, VaccineList } from '@/pet-details/PetLists'
import { userDetailsQuery, userPetQuery } from './api'
import { CopyPetLink } from './CopyPetLink'
import { userTitle } from './userTitle'

const route = getRouteApi('/_signed-in/users/$userId_/pets/$petId')

const trail = (userId: string, owner: string, current: string) => [
  { name: 'Users', path: '/users' },
  { name: owner, path: `/users/${userId}` },
  { name: current, path: '' },
]

/** A value as the public page words it, its placeholder read as "Not available" like the panel's other dashes. */
const shown = (text: string): ReactNode => (text === NO_VALUE ? <Dashes /> : text)

/**
 * /users/:userId/pets/:petId: one of a user's pets with every field of its public page, inside
 * the panel (the public page sends a signed-in admin to the dashboard), and its public link to
 * copy. The same words and formats as the public page (pet-details/labels.ts).
 */
export function UserPetPage() {
  const { userId, petId } = route.useParams()
  const { data: user } = useSuspenseQuery(userDetailsQuery(userId))
  const { data: pet } = useSuspenseQuery(userPetQuery(userId, petId))
  const name = pet.name.trim() || 'Pet'
  const photos = pet.profilePhotos.map((photo) => photo.url)
  useRecordTitle(name)

  return (
    <>
      <Breadcrumbs items={trail(userId, userTitle(user), name)} />
      <section aria-labelledby="pet-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <span className="h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-slate-100">
            <ImageOrIcon sources={[photos[0]]} alt={name} />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h1 id="pet-title" className="truncate text-xl font-semibold text-slate-900">
              {name}
            </h1>
            <CopyPetLink pet={pet} />
          </div>
        </div>
        <ImageGallery images={photos} title="Photos" emptyText="No photos added yet." />
        <DetailsCard title="Pet Details" fields={petFields(pet)} />
        <TextCard title="Color/Marking" text={pet.marking} />
        <Card title="Vaccines">
          <VaccineList vaccines={pet.vaccines} className="text-sm" />
        </Card>
        <TextCard title="Medical History" text={pet.medicalHistory} />
        {pet.medications.length > 0 && (
          <Card title="Medications">
            <MedicationList medications={pet.medications} className="text-sm" />
          </Card>
        )}
        <DetailsCard title="Owner Details" fields={ownerFields(pet.owner)} />
      </section>
    </>
  )
}

/** The public page's ten labelled fields, in its order and words. */
const petFields = (pet: PetDetails): DetailField[] => [
  ['Pet Name', shown(orNoValue(pet.name))],
  ['Age', shown(ageLabel(pet.age))],
  ['Species', shown(orNoValue(pet.species?.name))],
  ['Weight (kg)', shown(orNoValue(pet.weight))],
  ['Breed', shown(orNoValue(pet.breed?.breedName))],
  ['Size', shown(sizeLabel(pet.size))],
  ['Gender', shown(genderLabel(pet.gender))],
  ['Microchip', shown(orNoValue(pet.microChipId))],
  ['Date Of Birth', shown(dateLabel(pet.dateOfBirth))],
  ['Profile', profileLabel(pet.profileType)],
]

const ownerFields = (owner: PetDetails['owner']): DetailField[] => [
  ['Name', shown(orNoValue(owner?.name))],
  ['Mobile Number', shown(orNoValue(owner?.mobileNo))],
  ['Email Id', shown(orNoValue(owner?.email))],
  ['Pet Kept Duration', shown(ownerDaysLabel(owner?.days))],
]

function TextCard({ title, text }: { title: string; text: string | null }) {
  return (
    <Card title={title}>
      <p className="text-sm break-words whitespace-pre-line text-slate-900">{shown(orNoValue(text))}</p>
    </Card>
  )
}

/** The route's error view: a pet that is not this user's (or no pet) leads back to the user. */
export function UserPetError(props: ErrorComponentProps) {
  const { userId } = route.useParams()
  const { data: user } = useQuery(userDetailsQuery(userId))
  return (
    <DetailsError
      {...props}
      title={PETS_MSG.notFound}
      text="This user has no pet with this id. It may have been removed, or the link is incomplete."
      back={{ to: '/users', label: 'Back to Users' }}
      trail={trail(userId, user ? userTitle(user) : 'Details', 'Pet')}
    />
  )
}
