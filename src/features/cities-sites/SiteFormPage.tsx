import { useMemo } from 'react'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { useForm, useWatch } from 'react-hook-form'
import type { City, SiteDetails } from '@contract'
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
import { cityDetailsQuery, siteDetailsQuery, useCreateSite, useUpdateSite } from './api'
import { CONTENT_CRUMB, cityCrumb, siteTrail } from './content'
import {
  SITE_IMAGES_HELP,
  siteCreatePayload,
  siteFormDefaults,
  siteUpdatePayload,
  type SiteFormInput,
  type SiteFormValues,
} from './siteFormValues'

const addRoute = getRouteApi('/_signed-in/sites/add-site')
const editRoute = getRouteApi('/_signed-in/sites/(edit)/site')

/** /sites/add-site?cityId=: a new site in that city (both roles add sites: docs/DECISIONS.md, Roles). */
export function AddSitePage() {
  const { cityId = '' } = addRoute.useSearch()
  const { data: city } = useSuspenseQuery(cityDetailsQuery(cityId))
  return <SiteForm key={city._id} city={city} />
}

/** /sites/site?siteId=: the same form, starting from the site (both roles edit sites). */
export function EditSitePage() {
  const { siteId = '' } = editRoute.useSearch()
  const { data: site } = useSuspenseQuery(siteDetailsQuery(siteId))
  useRecordTitle(site.name)
  return <SiteForm key={site._id} city={{ _id: site.cityId, name: site.cityName }} site={site} />
}

function SiteForm({ city, site }: { city: Pick<City, '_id' | 'name'>; site?: SiteDetails }) {
  const navigate = useNavigate()
  const defaultValues = useMemo(() => siteFormDefaults(site), [site])
  const resolver = useLazyResolver(() => import('./siteFormRules').then((rules) => rules.siteFormResolver))
  const form = useForm<SiteFormInput, unknown, SiteFormValues>({ resolver, mode: 'onTouched', defaultValues })
  const guard = useUnsavedChangesGuard(form)
  const create = useCreateSite()
  const update = useUpdateSite()
  const saving = create.isPending || update.isPending
  const images = useWatch({ control: form.control, name: 'images' })
  const uploading = uploadsRunning(images)
  const queryClient = useQueryClient()
  // The version the form was loaded from; a 409 keeps the typed input and offers Reload.
  const edit = useEditConflict({
    loaded: site,
    fetchLatest: () => queryClient.fetchQuery({ ...siteDetailsQuery(site?._id ?? ''), staleTime: 0 }),
    onReloaded: (fresh) => form.reset(siteFormDefaults(fresh)),
  })

  const saved = ({ data }: { data: SiteDetails }) => {
    // Saved: nothing is lost by leaving now.
    guard.release()
    void navigate({ to: '/sites/site-details/$siteId', params: { siteId: data._id } })
  }
  const refused = showSaveRefusal(form, edit)
  const submit = form.handleSubmit((values) => {
    if (edit.base) update.mutate({ id: edit.base._id, body: siteUpdatePayload(values, edit.base) }, { onSuccess: saved, onError: refused })
    else create.mutate(siteCreatePayload(values, city._id), { onSuccess: saved, onError: refused })
  })

  const title = site ? 'Edit Site' : 'Add Site'
  return (
    <>
      <Breadcrumbs items={site ? siteTrail(site, { name: 'Edit', path: '' }) : [CONTENT_CRUMB, cityCrumb(city), { name: title, path: '' }]} />
      <section aria-labelledby="site-form-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h1 id="site-form-title" className="text-xl font-semibold text-slate-900">
            {title}
          </h1>
          <p className="text-sm text-slate-600">{`City: ${city.name}`}</p>
        </div>
        <Form
          onSubmit={submit}
          aria-labelledby="site-form-title"
          className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <TextField form={form} name="name" label="Name" autoComplete="off" />
          <TextAreaField form={form} name="description" label="Description" rows={4} />
          <AddressPicker form={form} name="address" latitude="latitude" longitude="longitude" label="Address" />
          <ImagesField form={form} name="images" folderType="site" label="Images" min={1} help={SITE_IMAGES_HELP} disabled={saving} />
          <EditConflictAlert conflict={edit} />
          <SaveBar
            saving={saving}
            uploading={uploading}
            submitLabel={site ? 'Save Changes' : title}
            cancel={
              site ? (
                <Link to="/sites/site-details/$siteId" params={{ siteId: site._id }} className={buttonClass('secondary')}>
                  Cancel
                </Link>
              ) : (
                <Link to="/cities/$cityId" params={{ cityId: city._id }} className={buttonClass('secondary')}>
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
