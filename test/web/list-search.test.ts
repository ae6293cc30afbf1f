import { z } from 'zod'
import {
  adminListQuery,
  auditListQuery,
  cityListQuery,
  feedbackListQuery,
  notificationListQuery,
  notificationRecipientListQuery,
  partnerListQuery,
  placeListQuery,
  siteListQuery,
  trashListQuery,
  userListQuery,
} from '@contract'
import { LIST_PARAMS, type ListParamRule } from '@contract/list-params'
import { listSearch } from '@/components/list/search'

/**
 * A route reads a list's URL with `listSearch(LIST_PARAMS[list])`, plain code, while the server
 * checks the same query with the list's zod schema. The route's reading must be the schema's with
 * every field forgiven: a value the schema takes is read as the schema reads it, any other falls
 * back to the field's default.
 */

type ListName = keyof typeof LIST_PARAMS

const SCHEMAS = {
  users: userListQuery,
  places: placeListQuery,
  partners: partnerListQuery,
  feedback: feedbackListQuery,
  notifications: notificationListQuery,
  recipients: notificationRecipientListQuery,
  cities: cityListQuery,
  sites: siteListQuery,
  admins: adminListQuery,
  audit: auditListQuery,
  trash: trashListQuery,
} satisfies Record<ListName, z.ZodObject>

/** The schema with each field caught to its default: how the routes read URLs when they used zod. */
function forgiving(schema: z.ZodObject) {
  const defaults = schema.parse({}) as Record<string, unknown>
  return z.object(Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, (field as z.ZodType).catch(defaults[key])])))
}

const UUID = '6a7b8c9d-0000-4000-8000-999999999999'

/** Values a URL may hand the router for each shared field (the router reads JSON where it can: numbers, booleans, null). */
const SHARED: Record<string, unknown[]> = {
  page: [2, '2', ' 3 ', 1_000_000, 1_000_001, 0, -1, 1.5, 'abc', '', null, true, [2], {}],
  limit: [5, '25', 100, 101, 0, 'x', null],
  search: ['an', '  an  ', '   ', 'x'.repeat(100), ` ${'x'.repeat(100)} `, 'x'.repeat(101), 123, null, ['a']],
  sortBy: ['createdAt', 'name', 'password', '', 1, null],
  sortOrder: [1, -1, 0, '1', '-1', ' 1 ', 2, 0.5, 'x', '', null, true],
  filter: [1, 2, 3, 5, 6, 9, '1', '6', 'BUG', 'ALL_USERS', 'petShop', 'bogus', '', null, true],
}

/** Values to try for a further parameter, by its rule. */
function candidates(rule: ListParamRule): unknown[] {
  const common = ['', '   ', null, 5, true]
  if (rule === 'uuid') {
    return [
      ...common,
      UUID,
      UUID.toUpperCase(),
      ` ${UUID}`,
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '6a7b8c9d-0000-0000-8000-999999999999',
      '6a7b8c9d-0000-4000-7000-999999999999',
      'not-a-uuid',
    ]
  }
  if (rule === 'day') {
    return [...common, '2025-06-01', '2024-02-29', '2025-02-29', '2000-02-29', '1900-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '0000-01-01', '2025-6-1', ' 2025-06-01', 20250601]
  }
  if ('maxLength' in rule) return [...common, 'user.block', '  user.block  ', 'x'.repeat(rule.maxLength), 'x'.repeat(rule.maxLength + 1)]
  return [...common, ...rule, ...rule.map(String), 0, 4, 9, 'bogus']
}

describe.each(Object.keys(LIST_PARAMS) as ListName[])('the %s list', (list) => {
  const spec = LIST_PARAMS[list]
  const bySchema = forgiving(SCHEMAS[list])
  const byRoute = listSearch(spec)
  const read = (raw: Record<string, unknown>) => byRoute.parse(raw as never)
  const fields: Record<string, unknown[]> = {
    ...SHARED,
    sortBy: [...SHARED.sortBy!, ...spec.sortBy],
    ...Object.fromEntries(Object.entries('params' in spec ? spec.params : {}).map(([name, rule]) => [name, candidates(rule)])),
  }

  it('reads an empty address as the defaults', () => {
    expect(read({})).toEqual(bySchema.parse({}))
  })

  it.each(Object.keys(fields))('reads %s as its schema does, or falls back to its default', (field) => {
    for (const value of fields[field]!) expect(read({ [field]: value }), JSON.stringify(value)).toEqual(bySchema.parse({ [field]: value }))
  })

  it('reads every field at once, and leaves out parameters the list does not know', () => {
    const raw = Object.fromEntries(Object.entries(fields).map(([field, values]) => [field, values.at(-1)]))
    expect(read({ ...raw, utm_source: 'mail' })).toEqual(bySchema.parse({ ...raw, utm_source: 'mail' }))
  })
})
