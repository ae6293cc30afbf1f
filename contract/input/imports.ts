import { z } from 'zod'
import { type IMPORT_COLUMNS, IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_MSG, type ImportKind } from '../imports'
import { SITE_FIELD_MSG } from '../sites'
import { cap, imageList, lengthText, placeFields, simpleNameField } from '../validation'
import { siteFields } from './sites'

/** The path of the import calls: /admin/import/{kind}. */
export const importKindParam = z.object({ kind: z.enum(IMPORT_KINDS, { message: 'Unknown import kind' }) })

/** A number typed in a cell; an empty cell is no number (the field's own message). */
const numberCell = <T extends z.ZodType>(field: T) => z.preprocess((cell) => (cell === '' ? undefined : Number(cell)), field)

/** Image addresses in one cell, separated by spaces (an address has none), fetched by the server when the row is imported. */
const imageUrlsCell = (min: number) =>
  z.preprocess(
    (cell) => (typeof cell === 'string' ? cell.split(/\s+/).filter(Boolean) : cell),
    imageList(z.string().max(2048, cap(IMPORT_MSG.imageUrl)).pipe(z.url({ protocol: /^https?$/, message: IMPORT_MSG.imageUrl })), { min }),
  )
const optionalImageUrlCell = z
  .string()
  .trim()
  .max(2048, cap(IMPORT_MSG.imageUrl))
  .refine((v) => v === '' || z.url({ protocol: /^https?$/ }).safeParse(v).success, IMPORT_MSG.imageUrl)

/**
 * One row of each kind's file, keyed by its columns (so a message names the column), with the
 * rules of the kind's add form: a row is what the form would have sent, with images by address.
 */
const placeRow = (kind: 'petShop' | 'hospital') => {
  const fields = placeFields(kind).shape
  return z.strictObject({
    Name: fields.name,
    Description: fields.description,
    Address: fields.address,
    Latitude: numberCell(fields.latitude),
    Longitude: numberCell(fields.longitude),
    'Discount Title': fields.discount_title,
    'Discount Description': fields.discount_description,
    Images: imageUrlsCell(1),
    Logo: optionalImageUrlCell,
  })
}

export const importRowSchema = {
  'pet-shops': placeRow('petShop'),
  hospitals: placeRow('hospital'),
  cities: z.strictObject({ Name: simpleNameField }),
  sites: z.strictObject({
    City: lengthText(1, 100, SITE_FIELD_MSG.city),
    Name: siteFields.shape.name,
    Description: siteFields.shape.description,
    Address: siteFields.shape.address,
    Latitude: numberCell(siteFields.shape.latitude),
    Longitude: numberCell(siteFields.shape.longitude),
    Images: imageUrlsCell(1),
  }),
} as const satisfies { [K in ImportKind]: z.ZodObject<{ [C in (typeof IMPORT_COLUMNS)[K][number]]: z.ZodType }> }

export type ImportRowValues<K extends ImportKind> = z.infer<(typeof importRowSchema)[K]>


/** POST /admin/import/{kind}/preview and /admin/import/{kind}: the file as the admin chose it, read as text by the browser. */
export const importFileBody = z.strictObject({
  csv: z.string({ message: IMPORT_MSG.empty }).max(IMPORT_MAX_BYTES, cap(IMPORT_MSG.tooLarge)),
})
export type ImportFileBody = z.infer<typeof importFileBody>

/** Settings > Import's form: which kind, and the file (read as text and sent as `importFileBody`). */
export const importFormSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { message: 'Choose what to import' }),
  file: z
    .custom<{ name: string; size: number }>((v) => typeof v === 'object' && v !== null && typeof (v as { size?: unknown }).size === 'number', IMPORT_MSG.noFile)
    .refine((f) => f.size <= IMPORT_MAX_BYTES, IMPORT_MSG.tooLarge),
})
export type ImportFormInput = z.infer<typeof importFormSchema>
