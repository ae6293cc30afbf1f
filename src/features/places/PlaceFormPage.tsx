import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useWatch } from 'react-hook-form'
import type { PlaceDetails, PlaceKind } from '@contract'
import { AddressPicker } from '@/components/form/AddressPicker'
import { TextAreaField, TextField } from '@/components/form/Field'
import { useLazyResolver } from '@/components/form/lazy-resolver'
import { RecordForm, useRecordForm } from '@/components/form/RecordForm'
import { ImagesField } from '@/components/form/ImagePicker'
import { UnsavedChangesDialog } from '@/components/form/UnsavedChangesDialog'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { PageSection } from '@/components/layout/PageSection'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { buttonClass } from '@/components/ui/Button'
import { uploadsRunning } from '@/lib/uploads'
import { placeDetailsQuery, useCreatePlace, useUpdatePlace } from './api'
import { PLACE_SCREENS } from './kinds'
import { placeCreatePayload, placeFormDefaults, placeUpdatePayload } from './placeFormValues'

/**
 * /pet-shops/add, /pet-shops/edit/:id, /hospitals/add, /hospitals/edit/:id: one screen for both
 * kinds and both modes. Both roles add and edit (docs/DECISIONS.md, Roles).
 */
export function PlaceFormPage({ kind, editing = false }: { kind: PlaceKind; editing?: boolean }) {
  return editing ? <EditPlace kind={kind} /> : <PlaceForm kind={kind} />
}

function EditPlace({ kind }: { kind: PlaceKind }) {
  const id = PLACE_SCREENS[kind].useEditId()
  const { data: place } = useSuspenseQuery(placeDetailsQuery(kind, id))
  return <PlaceForm key={id} kind={kind} place={place} />
}

function PlaceForm({ kind, place }: { kind: PlaceKind; place?: PlaceDetails }) {
  const screen = PLACE_SCREENS[kind]
  const editing = !!place
  const navigate = useNavigate()
  useRecordTitle(place?.name)
  const queryClient = useQueryClient()
  const record = useRecordForm({
    loaded: place,
    defaults: placeFormDefaults,
    resolver: useLazyResolver(() => import('./placeFormRules').then((rules) => rules.placeFormResolver(kind, { editing }))),
    fetchLatest: (id) => queryClient.fetchQuery({ ...placeDetailsQuery(kind, id), staleTime: 0 }),
    create: useCreatePlace(kind),
    createBody: placeCreatePayload,
    update: useUpdatePlace(kind),
    updateBody: placeUpdatePayload,
    onSaved: (saved) => void navigate({ to: screen.detailsPath, params: { id: saved._id } }),
  })
  const { form, saving } = record
  const [images, logo] = useWatch({ control: form.control, name: ['images', 'logo'] })
  const uploading = uploadsRunning(images) || uploadsRunning(logo)

  const title = editing ? screen.editTitle : screen.addTitle
  return (
    <>
      {place && (
        <Breadcrumbs
          items={[
            { name: screen.title, path: screen.listPath },
            { name: place.name, path: screen.detailsPath.replace('$id', place._id) },
            { name: 'Edit', path: '' },
          ]}
        />
      )}
      <PageSection titleId="place-form-title" title={title}>
        <RecordForm
          record={record}
          titleId="place-form-title"
          addLabel={title}
          uploading={uploading}
          cancel={
            place ? (
              <Link to={screen.detailsPath} params={{ id: place._id }} className={buttonClass('secondary')}>
                Cancel
              </Link>
            ) : (
              <Link to={screen.listPath} className={buttonClass('secondary')}>
                Cancel
              </Link>
            )
          }
        >
          <TextField form={form} name="name" label="Name" autoComplete="off" />
          <TextAreaField form={form} name="description" label="Description" rows={4} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField form={form} name="discount_title" label="Discount Title" hint="Optional" autoComplete="off" />
            <TextField form={form} name="discount_description" label="Discount Description" hint="Optional" autoComplete="off" />
          </div>
          <AddressPicker form={form} name="address" latitude="latitude" longitude="longitude" label="Address" />
          <ImagesField form={form} name="images" folderType="place" label="Images" min={editing ? 0 : 1} disabled={saving} />
          <ImagesField form={form} name="logo" folderType="place" label="Logo" addLabel="Add logo" max={1} disabled={saving} />
        </RecordForm>
      </PageSection>
      <UnsavedChangesDialog guard={record.guard} />
    </>
  )
}
