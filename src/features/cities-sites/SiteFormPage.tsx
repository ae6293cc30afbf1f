import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { useWatch } from 'react-hook-form'
import type { City, SiteDetails } from '@contract'
import { AddressPicker } from '@/components/form/AddressPicker'
import { TextAreaField, TextField } from '@/components/form/Field'
import { useLazyResolver } from '@/components/form/lazy-resolver'
import { RecordForm, useRecordForm } from '@/components/form/RecordForm'
import { ImagesField } from '@/components/form/ImagePicker'
import { UnsavedChangesDialog } from '@/components/form/UnsavedChangesDialog'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { buttonClass } from '@/components/ui/Button'
import { uploadsRunning } from '@/lib/uploads'
import { cityDetailsQuery, siteDetailsQuery, useCreateSite, useUpdateSite } from './api'
import { CONTENT_CRUMB, cityCrumb, siteTrail } from './content'
import { SITE_IMAGES_HELP, siteCreatePayload, siteFormDefaults, siteUpdatePayload } from './siteFormValues'

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
  const queryClient = useQueryClient()
  const record = useRecordForm({
    loaded: site,
    defaults: siteFormDefaults,
    resolver: useLazyResolver(() => import('./siteFormRules').then((rules) => rules.siteFormResolver)),
    fetchLatest: (id) => queryClient.fetchQuery({ ...siteDetailsQuery(id), staleTime: 0 }),
    create: useCreateSite(),
    createBody: (values) => siteCreatePayload(values, city._id),
    update: useUpdateSite(),
    updateBody: siteUpdatePayload,
    onSaved: (saved) => void navigate({ to: '/sites/site-details/$siteId', params: { siteId: saved._id } }),
  })
  const { form, saving } = record
  const uploading = uploadsRunning(useWatch({ control: form.control, name: 'images' }))

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
        <RecordForm
          record={record}
          titleId="site-form-title"
          addLabel={title}
          uploading={uploading}
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
        >
          <TextField form={form} name="name" label="Name" autoComplete="off" />
          <TextAreaField form={form} name="description" label="Description" rows={4} />
          <AddressPicker form={form} name="address" latitude="latitude" longitude="longitude" label="Address" />
          <ImagesField form={form} name="images" folderType="site" label="Images" min={1} help={SITE_IMAGES_HELP} disabled={saving} />
        </RecordForm>
      </section>
      <UnsavedChangesDialog guard={record.guard} />
    </>
  )
}
