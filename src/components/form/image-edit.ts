import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { ImageEdit } from '@contract'
import { CallError } from '@/lib/http'
import { uploadedUrls, type UploadItem } from '@/lib/uploads'
import type { EditConflict } from './EditConflict'
import { applyServerErrors } from './Field'

/**
 * The image-list edit of the place and site forms (contract/image-edit.ts), from the form's side:
 * what a save sends and what it does with a refusal.
 */

/** A file picked in this form (it has its file), as opposed to a kept earlier image. */
const isNew = (item: UploadItem) => !!item.file

/**
 * An edit's images: the earlier images still in the list (in order) are `previousImages`, the
 * files picked in this form `images`; `version` is that of the details the form was loaded from.
 */
export const imageEditPayload = (items: readonly UploadItem[], loaded: { version: number }): ImageEdit => ({
  previousImages: uploadedUrls(items.filter((item) => !isNew(item))),
  images: uploadedUrls(items.filter(isNew)),
  version: loaded.version,
})

/**
 * A 400's `fields` keyed by the form's fields (the first message of each): 'images.0' and
 * 'previousImages.1' are the images field; anything the form does not hold has no field.
 */
export function imageFormErrors(fields: Record<string, string> | undefined, formFields: readonly string[]) {
  const errors: Record<string, string> = {}
  for (const [key, message] of Object.entries(fields ?? {})) {
    const head = key.split('.')[0] ?? ''
    const field = head === 'previousImages' ? 'images' : head
    if (formFields.includes(field)) errors[field] ??= message
  }
  return errors
}

/**
 * What a place or site form does with a refused save: an edit conflict shows in the form (its
 * alert offers Reload); otherwise the client has toasted the message, and the per-field ones go
 * under the form's fields.
 */
export const showSaveRefusal =
  <T extends FieldValues>(form: UseFormReturn<T>, edit: Pick<EditConflict, 'caught'>) =>
  (error: unknown) => {
    if (edit.caught(error)) return
    if (error instanceof CallError) applyServerErrors(form, imageFormErrors(error.fields, Object.keys(form.getValues())))
  }
