import { eq } from 'drizzle-orm'
import { CONFLICT_MSG } from '../../contract'
import { ApiError } from '../../server/api-error'
import { missedEdit } from '../../server/db/queries/edit-version'
import { places } from '../../server/db/schema'
import { addPlaces, UNKNOWN_ID } from './helpers/fixtures'
import { testApp } from './helpers/test-app'

/**
 * Why a versioned UPDATE changed no row. Over HTTP only a race reaches it (the record changed or
 * went between the save's read and its UPDATE), so it is checked here directly.
 */
describe('missedEdit', () => {
  it('tells 409 when the record is still there (it was saved meanwhile)', async () => {
    const t = await testApp()
    const [row] = await addPlaces(t, 'petShop', [{ images: [] }])
    const refusal = await missedEdit(t.db, places, eq(places.id, row!.id), 'Pet shop not found')
    expect(refusal).toBeInstanceOf(ApiError)
    expect(refusal).toMatchObject({ status: 409, code: 'CONFLICT', message: CONFLICT_MSG.edited })
  })

  it('tells 404 with the given message when the record is gone (deleted meanwhile)', async () => {
    const t = await testApp()
    const refusal = await missedEdit(t.db, places, eq(places.id, UNKNOWN_ID), 'Pet shop not found')
    expect(refusal).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Pet shop not found' })
  })
})
