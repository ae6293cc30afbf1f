import { COLUMN_MSG, PREFERENCES_MSG, preferences } from '../../contract/preferences'
import { adminPreferences } from '../../server/db/schema'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { testApp } from './helpers/test-app'

const signIn = async (who: { email: string; password: string } = TEST_SUB_ADMIN) => {
  const t = await testApp()
  const { token } = await t.login(who.email, who.password)
  const patch = (json: unknown) => t.call('PATCH', '/admin/preferences', json as never, { token })
  return { t, token, patch }
}

describe('GET /admin/preferences', () => {
  it('answers the defaults before anything is saved', async () => {
    const { t, token } = await signIn()
    const body = await okBody(await t.get('/admin/preferences', { token }), preferences)
    expect(body.message).toBe(PREFERENCES_MSG.fetched)
    expect(body.data).toEqual({ theme: 'system', listColumns: {} })
  })

  it('needs a session', async () => {
    const { t } = await signIn()
    await errorOf(await t.get('/admin/preferences'), 401)
  })
})

describe('PATCH /admin/preferences', () => {
  it('saves a theme and a list’s columns, kept for the next session (another browser)', async () => {
    const { t, patch } = await signIn()
    const body = await okBody(await patch({ theme: 'dark', listColumns: { users: ['email', 'username', 'actions'] } }), preferences)
    expect(body.message).toBe(PREFERENCES_MSG.saved)
    expect(body.data).toEqual({ theme: 'dark', listColumns: { users: ['email', 'username', 'actions'] } })
    const { token: other } = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    expect((await okBody(await t.get('/admin/preferences', { token: other }), preferences)).data).toEqual(body.data)
  })

  it('merges: a list given replaces its columns, null forgets it, others and the theme stay', async () => {
    const { patch } = await signIn()
    await okBody(await patch({ theme: 'light', listColumns: { users: ['username', 'actions'], cities: ['name', 'actions'] } }), preferences)
    const replaced = await okBody(await patch({ listColumns: { users: ['name', 'username', 'actions'] } }), preferences)
    expect(replaced.data).toEqual({
      theme: 'light',
      listColumns: { users: ['name', 'username', 'actions'], cities: ['name', 'actions'] },
    })
    const forgotten = await okBody(await patch({ listColumns: { cities: null } }), preferences)
    expect(forgotten.data).toEqual({ theme: 'light', listColumns: { users: ['name', 'username', 'actions'] } })
    expect((await okBody(await patch({ theme: 'system' }), preferences)).data.listColumns).toEqual(forgotten.data.listColumns)
  })

  it('keeps each admin’s choices to themselves', async () => {
    const { t, patch } = await signIn(TEST_ADMIN)
    await okBody(await patch({ listColumns: { audit: ['at', 'action', 'actions'] } }), preferences)
    const { token } = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    expect((await okBody(await t.get('/admin/preferences', { token }), preferences)).data.listColumns).toEqual({})
  })

  it('answers 400 for a column the list does not have, a column named twice, an unknown list or theme', async () => {
    const { patch } = await signIn()
    expect((await errorOf(await patch({ listColumns: { users: ['username', 'siteCount'] } }), 400)).error.fields).toEqual({
      'listColumns.users.1': COLUMN_MSG.unknown,
    })
    expect((await errorOf(await patch({ listColumns: { users: ['email', 'email'] } }), 400)).error.fields).toEqual({
      'listColumns.users': COLUMN_MSG.twice,
    })
    expect((await errorOf(await patch({ listColumns: { places: ['name'] } }), 400)).error.fields).toBeDefined()
    expect((await errorOf(await patch({ theme: 'sepia' }), 400)).error.fields).toEqual({ theme: 'Choose a theme' })
    expect((await errorOf(await patch({ listColumns: { users: Array(100).fill('name') } }), 400)).error.fields).toEqual({
      'listColumns.users': COLUMN_MSG.twice,
    })
  })

  it('leaves out what an older version stored that the contract no longer declares', async () => {
    const { t, token } = await signIn()
    const me = (await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password))._id
    await t.db.insert(adminPreferences).values({ adminId: me, listColumns: { users: ['gone', 'email', 'email'], oldList: ['x'] } })
    expect((await okBody(await t.get('/admin/preferences', { token }), preferences)).data.listColumns).toEqual({ users: ['email'] })
  })
})
