import { useMemo } from 'react'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useForm, useWatch } from 'react-hook-form'
import type { PlaceDetails, PlaceKind } from '@contract'
import { AddressPicker } from '@/components/form/AddressPicker'
import { EditConflictAlert, useEditConflict } from '@/components/form/EditConflict'
import { TextAreaField, TextField } from '@/components/form/Field'
import { Form } from '@/components/form/Form'
import { useLazyResolver } from '@/components/form/lazy-resolver'
import { showSaveRefusal } from '@/components/form/image-edit'
import { SaveBar } from '@/components/form/SaveBar'
import { ImagesField } from '@/components/form/ImagePicker'
import { UnsavedChangesDialog } from '@/components/form/UnsavedChangesDialog'
import { useUnsavedChangesGuard } from '@/components/form/useUnsavedChangesGuard'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { buttonClass } from '@/components/ui/Button'
import { uploadsRunning } from '@/lib/uploads'
import { placeDetailsQuery, useCreatePlace, useUpdatePlace } from './api'
import { PLACE_SCREENS } from './kinds'
import {
  placeCreatePayload,
  placeFormDefaults,
  placeUpdatePayload,
  type PlaceFormInput,
  type PlaceFormValues,
} from './placeFormValues'

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
  const resolver = useLazyResolver(() => import('./placeFormRules').then((rules) => rules.placeFormResolver(kind, { editing })))
  const defaultValues = useMemo(() => placeFormDefaults(place), [place])
  const form = useForm<PlaceFormInput, unknown, PlaceFormValues>({ resolver, mode: 'onTouched', defaultValues })
  const guard = useUnsavedChangesGuard(form)
  const create = useCreatePlace(kind)
  const update = useUpdatePlace(kind)
  const saving = create.isPending || update.isPending
  const [images, logo] = useWatch({ control: form.control, name: ['images', 'logo'] })
  const uploading = uploadsRunning(images) || uploadsRunning(logo)
  const queryClient = useQueryClient()
  // The version the form was loaded from; a 409 keeps the typed input and offers Reload.
  const edit = useEditConflict({
    loaded: place,
    fetchLatest: () => queryClient.fetchQuery({ ...placeDetailsQuery(kind, place?._id ?? ''), staleTime: 0 }),
    onReloaded: (fresh) => form.reset(placeFormDefaults(fresh)),
  })

  const saved = ({ data }: { data: PlaceDetails }) => {
    // Saved: nothing is lost by leaving now.
    guard.release()
    void navigate({ to: screen.detailsPath, params: { id: data._id } })
  }
  const refused = showSaveRefusal(form, edit)
  const submit = form.handleSubmit((values) => {
    if (edit.base) update.mutate({ id: edit.base._id, body: placeUpdatePayload(values, edit.base) }, { onSuccess: saved, onError: refused })
    else create.mutate(placeCreatePayload(values), { onSuccess: saved, onError: refused })
  })

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
      <section aria-labelledby="place-form-title" className="flex flex-col gap-4">
        <h1 id="place-form-title" className="text-xl font-semibold text-slate-900">
          {title}
        </h1>
        <Form
          onSubmit={submit}
          aria-labelledby="place-form-title"
          className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
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
          <EditConflictAlert conflict={edit} />
          <SaveBar
            saving={saving}
            uploading={uploading}
            submitLabel={editing ? 'Save Changes' : title}
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
          />
        </Form>
      </section>
      <UnsavedChangesDialog guard={guard} />
    </>
  )
}
