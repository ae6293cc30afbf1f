import { useId, useState, type ChangeEvent, type Ref } from 'react'
import { get, useController, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import { IMAGES_MAX, UPLOAD_RULES, type UploadFolder } from '@contract'
import { CloseIcon, PlusIcon } from '@/components/layout/shell-icons'
import { ImageOrIcon } from '@/components/ui/ImageOrIcon'
import { useUploads, type UploadItem } from '@/lib/uploads'
import { IMAGES_MSG, acceptOf, imageLabel, pickImages } from './images'

export interface ImagePickerProps {
  /** Where the files go; decides the default types and size limit (place: 5 MB, site: 20 MB). */
  folderType: UploadFolder
  /** The images: kept earlier ones (`uploadedItems(urls)`) and new uploads, in order. */
  value: UploadItem[]
  onChange: (items: UploadItem[]) => void
  /** Called after each pick, removal or retry: the field counts as touched. */
  onBlur?: () => void
  label?: string
  /** The text of the add button, which names its file input ('Add images'; a logo picker: 'Add logo'). */
  addLabel?: string
  /** Most images in all (20). */
  max?: number
  /** Largest file in bytes (the folder's limit by default). */
  maxBytes?: number
  /** Accepted MIME types (the folder's by default). */
  mimeTypes?: readonly string[]
  /** Fewest images: 1 on create forms; shown as required. The form's schema says the message. */
  min?: number
  /** The help line under the picker; by default the types, the size limit and the count, with the 1:1 advice. */
  help?: string
  /** The field's error, when it should show. */
  error?: string
  disabled?: boolean
  inputRef?: Ref<HTMLInputElement>
  className?: string
}

/**
 * A multi-image picker for the place and site forms: a picked file is checked (type, size, count,
 * with IMAGES_MSG's words), previewed and uploaded at once with its own progress bar; a failed
 * one offers Retry; any image (earlier ones too) can be removed. The value is the list of items;
 * `uploadsRunning`, `uploadsFailed` and `uploadedUrls` (lib/uploads) or `imagesSchema` (./images-schema)
 * tell the form whether it can be sent and what to send.
 */
export function ImagePicker({
  folderType,
  value,
  onChange,
  onBlur,
  label = 'Images',
  addLabel = 'Add images',
  max = IMAGES_MAX,
  maxBytes = UPLOAD_RULES[folderType].maxBytes,
  mimeTypes = UPLOAD_RULES[folderType].mimeTypes,
  min = 0,
  help,
  error,
  disabled = false,
  inputRef,
  className = '',
}: ImagePickerProps) {
  const id = useId()
  const uploads = useUploads(folderType, { value, onChange })
  const [refusals, setRefusals] = useState<string[]>([])

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    // Cleared, so picking the same file again is a new pick.
    event.target.value = ''
    const { taken, refusals } = pickImages(files, { count: uploads.items.length, max, mimeTypes, maxBytes })
    setRefusals(refusals)
    uploads.add(taken)
    onBlur?.()
  }
  const remove = (itemId: string) => {
    uploads.remove(itemId)
    setRefusals([])
    onBlur?.()
  }
  const describedBy = [`${id}-help`, error && `${id}-error`].filter(Boolean).join(' ')

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy} className={`flex flex-col gap-2 ${className}`}>
      <p id={`${id}-label`} className="text-sm font-medium text-slate-700">
        {label}
        {min > 0 && (
          <span aria-hidden="true" className="text-error-600">
            {' '}
            *
          </span>
        )}
      </p>
      {uploads.items.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
          {uploads.items.map((item, index) => (
            <ImageTile
              key={item.id}
              item={item}
              label={imageLabel(item, index)}
              disabled={disabled}
              onRemove={() => remove(item.id)}
              onRetry={() => {
                uploads.retry(item.id)
                onBlur?.()
              }}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={`inline-flex min-h-10 items-center gap-2 rounded-md border border-primary-700 px-4 py-2 text-sm font-semibold text-primary-700 focus-within:ring-2 focus-within:ring-primary-300 ${
            disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:bg-primary-50'
          }`}
        >
          <PlusIcon className="h-4 w-4" />
          {addLabel}
          <input
            ref={inputRef}
            type="file"
            multiple={max > 1}
            accept={acceptOf(mimeTypes)}
            disabled={disabled}
            aria-required={min > 0 || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="sr-only"
            onChange={pick}
          />
        </label>
        <span className="text-xs text-slate-500" aria-live="polite">
          {uploads.items.length} of {max} {max === 1 ? 'image' : 'images'}
        </span>
      </div>
      <p id={`${id}-help`} className="text-xs text-slate-500">
        {help ?? IMAGES_MSG.help(mimeTypes, maxBytes, max)}
      </p>
      <div role="alert" className="flex flex-col gap-1 empty:hidden">
        {refusals.map((message) => (
          <p key={message} className="text-xs text-error-600">
            {message}
          </p>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-error-600">
          {error}
        </p>
      )}
    </div>
  )
}

/** One image: its preview, a progress bar while it uploads, its message and Retry when it failed, and Remove. */
function ImageTile({
  item,
  label,
  disabled,
  onRemove,
  onRetry,
}: {
  item: UploadItem
  label: string
  disabled: boolean
  onRemove: () => void
  onRetry: () => void
}) {
  const progress = item.status === 'uploading' ? item.progress : 0
  return (
    <li className="relative aspect-square overflow-hidden rounded-md border border-slate-200 bg-slate-50">
      <ImageOrIcon sources={[item.preview, item.status === 'success' ? item.url : undefined]} alt={label} />
      {(item.status === 'pending' || item.status === 'uploading') && (
        <div className="absolute inset-x-0 bottom-0 bg-white/85 px-2 py-1.5">
          <div
            role="progressbar"
            aria-label={`Uploading ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={`${progress}%`}
            className="h-1.5 overflow-hidden rounded-full bg-primary-100"
          >
            <div className="h-full rounded-full bg-primary-600 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}
      {item.status === 'failed' && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-white/90 p-2 text-center">
          <p className="line-clamp-4 break-words text-xs text-error-700">{item.errorMessage}</p>
          {item.file && (
            <button
              type="button"
              aria-label={`Retry ${label}`}
              disabled={disabled}
              onClick={onRetry}
              className="rounded-md bg-primary-700 px-3 py-1 text-xs font-semibold text-white hover:bg-primary-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-300 disabled:bg-primary-300"
            >
              Retry
            </button>
          )}
        </div>
      )}
      <button
        type="button"
        aria-label={`Remove ${label}`}
        disabled={disabled}
        onClick={onRemove}
        className="absolute right-1 top-1 inline-flex h-7 w-7 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow hover:bg-white hover:text-error-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-300"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </li>
  )
}

type ImagesFieldProps<T extends FieldValues> = Omit<ImagePickerProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
  form: UseFormReturn<T>
  name: Path<T>
}

/**
 * The picker bound to a react-hook-form field (like `TextField`): its error shows when the field is
 * invalid and touched, or after a submit. Validate the field with `imagesSchema({ min })`.
 */
export function ImagesField<T extends FieldValues>({ form, name, ...picker }: ImagesFieldProps<T>) {
  const { field } = useController({ control: form.control, name })
  // Read as TextField does, so the form re-renders on a submit's errors and its isSubmitted alike.
  const { errors, touchedFields, isSubmitted } = form.formState
  const message = get<typeof errors, FieldError | undefined>(errors, name)?.message
  const shown = message && (get(touchedFields, name) || isSubmitted) ? message : undefined
  return (
    <ImagePicker
      {...picker}
      value={(field.value ?? []) as UploadItem[]}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={shown}
      inputRef={field.ref}
      disabled={picker.disabled ?? field.disabled}
    />
  )
}
