import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { PLATFORM_NAME, pageTitle } from '@contract/page-title'
import type { PetDetails } from '@contract/pets'
import { lazyChunk } from '@/lib/lazy-component'
import { ageLabel, dateLabel, genderLabel, NO_VALUE, orNoValue, ownerDaysLabel, profileLabel, sizeLabel } from './labels'
import { Loader } from './Loader'
import { MedicationList, VaccineList } from './PetLists'
import { mediaOf } from './media'
import { Slider } from './Slider'
import { ViewerFailed } from './ViewerFailed'

/** Only when the viewer opens: it is not part of the page's first load. */
const MediaViewer = lazyChunk(() => import('./MediaViewer'), ViewerFailed)

/** The download buttons' targets (.env.example); unset, the stores' own pages. */
export const APP_STORE_URL = import.meta.env.VITE_APP_STORE_URL || 'https://www.apple.com/app-store/'
export const PLAY_STORE_URL = import.meta.env.VITE_PLAY_STORE_URL || 'https://play.google.com/store/apps'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  )
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <section aria-labelledby={id} className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="mb-2 text-lg font-semibold text-primary-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

const Paragraph = ({ value }: { value: string | null }) => (
  <p className="break-words whitespace-pre-line text-slate-800">{orNoValue(value)}</p>
)

/** The loaded pet's part of the public page, under the title. */
export function PetPage({ pet }: { pet: PetDetails }) {
  const media = useMemo(() => mediaOf(pet), [pet])
  const [index, setIndex] = useState(0)
  const [viewerOpen, setViewerOpen] = useState(false)
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set())
  const name = pet.name.trim() || NO_VALUE
  const owner = pet.owner

  const openViewer = useCallback((at: number) => {
    setIndex(at)
    setViewerOpen(true)
  }, [])
  const markBroken = useCallback((src: string) => setBroken((prev) => (prev.has(src) ? prev : new Set(prev).add(src))), [])

  useEffect(() => {
    if (pet.name.trim()) document.title = pageTitle(`Pet Details: ${pet.name.trim()}`, PLATFORM_NAME)
  }, [pet.name])

  return (
    <>
      <Slider
        media={media}
        index={index}
        onIndexChange={setIndex}
        onOpen={openViewer}
        onBroken={markBroken}
        paused={viewerOpen}
        petName={pet.name.trim() || 'the pet'}
      />

      <section aria-label="Pet information" className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
          <Field label="Pet Name">{name}</Field>
          <Field label="Age">{ageLabel(pet.age)}</Field>
          <Field label="Species">{orNoValue(pet.species?.name)}</Field>
          <Field label="Weight (kg)">{orNoValue(pet.weight)}</Field>
          <Field label="Breed">{orNoValue(pet.breed?.breedName)}</Field>
          <Field label="Size">{sizeLabel(pet.size)}</Field>
          <Field label="Gender">{genderLabel(pet.gender)}</Field>
          <Field label="Microchip">{orNoValue(pet.microChipId)}</Field>
          <Field label="Date Of Birth">{dateLabel(pet.dateOfBirth)}</Field>
          <Field label="Profile">{profileLabel(pet.profileType)}</Field>
        </dl>
      </section>

      <Card title="Color/Marking">
        <Paragraph value={pet.marking} />
      </Card>

      <Card title="Vaccines">
        <VaccineList vaccines={pet.vaccines} />
      </Card>

      <Card title="Medical History">
        <Paragraph value={pet.medicalHistory} />
      </Card>

      {pet.medications.length > 0 && (
        <Card title="Medications">
          <MedicationList medications={pet.medications} />
        </Card>
      )}

      <Card title="Owner Details">
        <dl className="grid grid-cols-1 gap-y-3 sm:grid-cols-2 sm:gap-x-4">
          <Field label="Name">{orNoValue(owner?.name)}</Field>
          <Field label="Mobile Number">
            {owner?.mobileNo?.trim() ? (
              <a href={`tel:${owner.mobileNo.replace(/[^\d+]/g, '')}`} className="inline-block py-1 text-primary-700 underline underline-offset-2">
                {owner.mobileNo}
              </a>
            ) : (
              NO_VALUE
            )}
          </Field>
          <Field label="Email Id">
            {owner?.email?.trim() ? (
              <a href={`mailto:${owner.email.trim()}`} className="inline-block py-1 break-all text-primary-700 underline underline-offset-2">
                {owner.email}
              </a>
            ) : (
              NO_VALUE
            )}
          </Field>
          <Field label="Pet Kept Duration">{ownerDaysLabel(owner?.days)}</Field>
        </dl>
      </Card>

      <section aria-labelledby="get-the-app" className="mt-6 text-center">
        <h2 id="get-the-app" className="text-base font-semibold text-slate-700">
          Get the Petcare app
        </h2>
        <div className="mt-3 flex flex-wrap justify-center gap-3">
          <a href={APP_STORE_URL} target="_blank" rel="noopener noreferrer" className="rounded-[9px]">
            <img src="/images/app-store-badge.svg" alt="Download on the App Store" width={150} height={48} />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a href={PLAY_STORE_URL} target="_blank" rel="noopener noreferrer" className="rounded-[9px]">
            <img src="/images/play-store-badge.svg" alt="Get it on Google Play" width={150} height={48} />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </section>
      {viewerOpen && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 grid place-items-center bg-black/80">
              <Loader label="Opening the media viewer…" />
            </div>
          }
        >
          <MediaViewer media={media} index={index} broken={broken} onView={setIndex} onClose={() => setViewerOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
