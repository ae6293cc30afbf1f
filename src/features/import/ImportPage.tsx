import { useId, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { Link } from '@tanstack/react-router'
import {
  IMPORT_COLUMNS,
  IMPORT_KIND_LABEL,
  IMPORT_KINDS,
  IMPORT_MAX_ROWS,
  importFormSchema,
  type ImportFormInput,
  type ImportResult,
  type ImportRowStatus,
} from '@contract'
import { shownError } from '@/components/form/Field'
import { FieldFrame, Form, fieldDescribedBy, fieldInputClass } from '@/components/form/Form'
import { PermittedSection } from '@/components/layout/PermittedSection'
import { Button } from '@/components/ui/Button'
import { downloadTemplate, useCommitImport, usePreviewImport, type ImportFile } from './api'

/** What a sub admin sees instead of the screen (the server answers them 403). */
export const IMPORT_ADMIN_ONLY = 'Only admins can import from CSV.'

/** Each row's status in words: what will happen (preview) or what did (import). */
export const IMPORT_STATUS_TEXT: Record<ImportRowStatus, string> = {
  new: 'Will be added',
  created: 'Added',
  existing: 'Already there: left as it is',
  invalid: 'Not valid: not added',
  failed: 'Not added', // its errors say why: a picture, or the database
}
const STATUS_TONE: Record<ImportRowStatus, string> = {
  new: 'text-primary-800',
  created: 'text-success-700',
  existing: 'text-slate-600',
  invalid: 'text-error-600',
  failed: 'text-error-600',
}

/** "2 will be added, 1 already there, 1 not valid". */
const summary = ({ counts }: ImportResult) =>
  (Object.keys(IMPORT_STATUS_TEXT) as ImportRowStatus[])
    .filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${IMPORT_STATUS_TEXT[s].split(':')[0]!.toLowerCase()}`)
    .join(', ')

function ImportRows({ result, title }: { result: ImportResult; title: string }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p role="status" className="text-sm text-slate-700">
        {summary(result)}
      </p>
      <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {result.rows.map((row) => (
          <li key={row.line} className="flex flex-col gap-1 px-3 py-2 text-sm">
            <p className="flex flex-wrap gap-x-2">
              <span className="text-slate-500">Line {row.line}</span>
              <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{row.name || '(no name)'}</span>
              <span className={STATUS_TONE[row.status]}>{IMPORT_STATUS_TEXT[row.status]}</span>
            </p>
            {Object.keys(row.errors).length > 0 && (
              <ul className="flex flex-col gap-0.5 text-xs text-error-600">
                {Object.entries(row.errors).map(([column, message]) => (
                  <li key={column} className="wrap-anywhere">
                    {column}: {message}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}

/**
 * Settings > Import: choose a kind and a CSV file, check it (each row with what it would come
 * to, in the forms' messages), then import the new rows. Nothing is added before Import.
 */
export function ImportPage() {
  return (
    <PermittedSection title="Import" permission="import.run" denied={IMPORT_ADMIN_ONLY}>
      <ImportScreen />
    </PermittedSection>
  )
}

function ImportScreen() {
  const formId = useId()
  const kindId = useId()
  const fileId = useId()
  const form = useForm<ImportFormInput>({ resolver: zodResolver(importFormSchema), mode: 'onSubmit', defaultValues: { kind: 'pet-shops' } })
  const preview = usePreviewImport()
  const commit = useCommitImport()
  /** The file the preview shows, sent again as it was for the import. */
  const [checked, setChecked] = useState<ImportFile | null>(null)
  const kind = useWatch({ control: form.control, name: 'kind' })
  const fileError = shownError(form, 'file')

  const startOver = () => {
    setChecked(null)
    preview.reset()
    commit.reset()
  }
  const check = form.handleSubmit(async ({ kind, file }) => {
    startOver()
    const csv = await (file as File).text()
    preview.mutate({ kind, csv }, { onSuccess: () => setChecked({ kind, csv }) })
  })
  const previewed = preview.data?.data
  const imported = commit.data?.data
  const adding = previewed?.counts.new ?? 0

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-700">
        Add pet shops, hospitals, cities or sites from a CSV file of up to {IMPORT_MAX_ROWS} rows. The template has the columns, with the
        records there are. A row with the name and address of a record there is (a city: its name) is left as it is, so importing a file
        twice adds nothing twice. Pictures are given by their addresses and fetched by the server.
      </p>
      <Form id={formId} onSubmit={check} aria-label="Import" className="flex flex-col gap-4">
        <FieldFrame id={kindId} label="What to import">
          <select
            id={kindId}
            className={`min-h-10 ${fieldInputClass(undefined)}`}
            {...form.register('kind', { onChange: startOver })}
          >
            {IMPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {IMPORT_KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </FieldFrame>
        <p className="text-xs break-words text-slate-600">Columns: {IMPORT_COLUMNS[kind].join(', ')}</p>
        <FieldFrame id={fileId} label="CSV file" error={fileError}>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fieldDescribedBy(fileId, undefined, fileError)}
            className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
            onChange={(event) => {
              startOver()
              const file = event.target.files?.[0]
              form.setValue('file', file as File, { shouldValidate: Boolean(form.formState.submitCount) })
            }}
          />
        </FieldFrame>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={preview.isPending}>
            Check file
          </Button>
          <Button type="button" variant="secondary" onClick={() => void downloadTemplate(kind)}>
            Download template
          </Button>
        </div>
      </Form>

      {imported ? (
        <>
          <ImportRows result={imported} title="Imported" />
          {imported.group && (
            <Link to="/settings/audit-log" search={{ group: imported.group }} className="text-sm font-medium text-primary-700 underline">
              See this import in the audit log
            </Link>
          )}
        </>
      ) : (
        previewed &&
        checked && (
          <>
            <ImportRows result={previewed} title="Check" />
            <div>
              <Button type="button" disabled={adding === 0} busy={commit.isPending} onClick={() => commit.mutate(checked)}>
                {adding === 0 ? 'Nothing to add' : `Import ${adding} new ${adding === 1 ? 'row' : 'rows'}`}
              </Button>
            </div>
          </>
        )
      )}
    </div>
  )
}
