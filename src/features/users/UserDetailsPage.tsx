import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type ErrorComponentProps } from '@tanstack/react-router'
import { USERS_MSG, type UserDetails, type UserPet } from '@contract'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { DetailsError } from '@/components/layout/DetailsError'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { Avatar } from '@/components/ui/Avatar'
import { OrDashes } from '@/components/ui/Dashes'
import { PhoneNumber } from '@/components/ui/PhoneNumber'
import { Card, DetailsCard, type DetailField } from '@/components/ui/DetailsCard'
import { fileSrc } from '@/lib/file-src'
import { formatDate } from '@/lib/format'
import { userDetailsQuery } from './api'
import { BlockUserButton } from './BlockUserButton'
import { CopyPetLink } from './CopyPetLink'
import { UserStatusBadge } from './UserStatusBadge'
import { userTitle } from './userTitle'

const route = getRouteApi('/_signed-in/users/$userId')
/** A pet without a photo shows the panel's paw placeholder (the public pet page's too). */
const PET_WITHOUT_PHOTO = '/images/placeholder.svg'

const trail = (current: string) => [
  { name: 'Users', path: '/users' },
  { name: current, path: '' },
]

/** /users/:userId: a pet owner's profile, Block/Unblock, and their pets. */
export function UserDetailsPage() {
  const { userId } = route.useParams()
  const { data: user } = useSuspenseQuery(userDetailsQuery(userId))
  const title = userTitle(user)
  useRecordTitle(title)
  return (
    <>
      <Breadcrumbs items={trail(title)} />
      <section aria-labelledby="user-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <Avatar src={user.profileImage} alt={`${title}'s picture`} className="h-16 w-16" />
          <div className="mr-auto flex min-w-0 flex-col gap-1">
            <h1 id="user-title" className="truncate text-xl font-semibold text-slate-900">
              {title}
            </h1>
            <div>
              <UserStatusBadge status={user.status} />
            </div>
          </div>
          <BlockUserButton user={user} />
        </div>
        <Profile user={user} />
        <Pets userId={user._id} pets={user.pets} />
      </section>
    </>
  )
}

function Profile({ user }: { user: UserDetails }) {
  const fields: DetailField[] = [
    ['Email', <OrDashes value={user.email} />],
    ['Full Name', <OrDashes value={user.name} />],
    ['Phone', <PhoneNumber countryCode={user.countryCode} mobileNo={user.mobileNo} />],
    ['Date of Birth', <OrDashes value={user.dob ? formatDate(user.dob) : null} />],
    ['Username', <OrDashes value={user.username} />],
    ['Country Code', <OrDashes value={user.countryCode} />],
    ['Country Abbreviation', <OrDashes value={user.countryAbbreviation} />],
    ['User Status', <UserStatusBadge status={user.status} />],
    ['Profile Completed', user.profileCompleted ? 'Yes' : 'No'],
    ['Address', <OrDashes value={user.address} />],
  ]
  return <DetailsCard title="Profile" fields={fields} />
}

/** Each pet in brief, with its full details a page away (the public page is not open to a signed-in admin) and its public link. */
function Pets({ userId, pets }: { userId: string; pets: UserPet[] }) {
  return (
    <Card title="Pets">
      {pets.length === 0 ? (
        <p className="text-sm text-slate-600">No pets added yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {pets.map((pet) => (
            <li key={pet._id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
              {/* An image, not an emoji: an emoji draws an empty box where no emoji font is installed. */}
              <img
                src={pet.profilePhoto ? fileSrc(pet.profilePhoto) : PET_WITHOUT_PHOTO}
                alt={pet.profilePhoto ? pet.name : `${pet.name}: no photo`}
                className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover"
              />
              <div className="flex min-w-0 flex-col gap-0.5 text-sm">
                <h3 className="truncate font-semibold text-slate-900">{pet.name}</h3>
                <dl className="flex flex-wrap gap-x-3 text-slate-600">
                  <div className="flex gap-1">
                    <dt className="text-slate-500">Species:</dt>
                    <dd>
                      <OrDashes value={pet.species?.name} />
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-slate-500">Breed:</dt>
                    <dd>
                      <OrDashes value={pet.breed?.breedName} />
                    </dd>
                  </div>
                </dl>
                <Link
                  to="/users/$userId/pets/$petId"
                  params={{ userId, petId: pet._id }}
                  aria-label={`View details of ${pet.name}`}
                  className="self-start font-medium text-primary-700 underline-offset-2 hover:underline"
                >
                  View details
                </Link>
                <CopyPetLink pet={pet} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** The details route's error view: an id that names no user leads back to the list. */
export function UserDetailsError(props: ErrorComponentProps) {
  return (
    <DetailsError
      {...props}
      title={USERS_MSG.notFound}
      text="No user has this id. They may have been removed, or the link is incomplete."
      back={{ to: '/users', label: 'Back to Users' }}
      trail={trail('Details')}
    />
  )
}
