import { z } from 'zod/mini'

/**
 * Importing pet shops, hospitals, cities and sites from a CSV file (Settings > Import): the
 * file's columns per kind, the preview's and the commit's answers, and their messages. The
 * template is the same columns, with the records there are (GET .../template).
 */

export const IMPORT_KINDS = ['pet-shops', 'hospitals', 'cities', 'sites'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

/** The columns of each kind's file, in order; a file must have exactly these (any case, any order). */
export const IMPORT_COLUMNS = {
  'pet-shops': ['Name', 'Description', 'Address', 'Latitude', 'Longitude', 'Discount Title', 'Discount Description', 'Images', 'Logo'],
  hospitals: ['Name', 'Description', 'Address', 'Latitude', 'Longitude', 'Discount Title', 'Discount Description', 'Images', 'Logo'],
  cities: ['Name'],
  sites: ['City', 'Name', 'Description', 'Address', 'Latitude', 'Longitude', 'Images'],
} as const satisfies Record<ImportKind, readonly string[]>
export type ImportColumn<K extends ImportKind = ImportKind> = (typeof IMPORT_COLUMNS)[K][number]

export const IMPORT_KIND_LABEL: Record<ImportKind, string> = {
  'pet-shops': 'Pet Shops',
  hospitals: 'Hospitals',
  cities: 'Cities',
  sites: 'Sites',
}

/** Rows of one file (besides its header): a commit fetches every row's images, so a file stays small. */
export const IMPORT_MAX_ROWS = 500
/** The file's size as sent. */
export const IMPORT_MAX_BYTES = 1024 * 1024

/**
 * What a row is, or came to:
 * - new: it will be added (preview) / created: it was (commit);
 * - existing: a record of that name and address (a city: that name) is there already, so it is left as it is;
 * - invalid: a field breaks a rule (its messages are the forms'), or the row repeats an earlier one;
 * - failed (commit only): an image could not be fetched or is not an image we take.
 */
export const IMPORT_ROW_STATUS = ['new', 'created', 'existing', 'invalid', 'failed'] as const
export type ImportRowStatus = (typeof IMPORT_ROW_STATUS)[number]

export const importRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  name: z.string(),
  status: z.enum(IMPORT_ROW_STATUS),
  /** The first message per column that failed, by column name. */
  errors: z.record(z.string(), z.string()),
  /** The created or existing record. */
  id: z.optional(z.nullable(z.string())),
})
export type ImportRow = z.infer<typeof importRow>

export const importResult = z.object({
  kind: z.enum(IMPORT_KINDS),
  rows: z.array(importRow),
  counts: z.record(z.enum(IMPORT_ROW_STATUS), z.number()),
  /** Commit only: the audit group of the import, which lists it and its rows together. */
  group: z.optional(z.nullable(z.string())),
})
export type ImportResult = z.infer<typeof importResult>

export const IMPORT_MSG = {
  previewed: 'Import checked',
  noFile: 'Choose a CSV file',
  imported: 'Import finished',
  /** A row the database did not take (it was up when the file was checked). */
  notSaved: 'Not added: the database did not take it. Import the file again to add it',
  notCsv: 'Send the file as text/csv',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS} rows: split it`,
  empty: 'The file has no rows',
  unreadable: 'The file could not be read as CSV: a quoted field is not closed',
  columns: (kind: ImportKind) => `The file's columns must be: ${IMPORT_COLUMNS[kind].join(', ')}`,
  cellCount: (expected: number) => `This row must have ${expected} cells, like the header`,
  repeats: (line: number) => `Repeats line ${line}`,
  cityUnknown: 'No city of this name: add it first, or import cities first',
  imageUrl: 'Give each image as an http or https address, separated by spaces',
  imageFetch: (url: string, reason: string) => `${url}: ${reason}`,
  imageType: (types: string) => `not a ${types} image`,
  imageTooLarge: (maxBytes: number) => `larger than ${maxBytes / 1024 / 1024} MB`,
  imageAnswer: (status: number) => `the server answered ${status}`,
} as const
