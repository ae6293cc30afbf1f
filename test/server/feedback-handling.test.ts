import { and, eq } from 'drizzle-orm'
import { feedback, FEEDBACK_MSG, FEEDBACK_STATUS, feedbackDetails, feedbackNote } from '../../contract'
import { admins, auditLog } from '../../server/db/schema'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { addFeedback, minutesAgo, tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const setStatus = (t: TestApp, id: string, json: unknown, token?: string) =>
  t.call('PATCH', `/feedback/${id}/status`, json as never, token === undefined ? {} : { token })
const addNote = (t: TestApp, id: string, json: unknown, token?: string) =>
  t.post(`/feedback/${id}/notes`, json as never, token === undefined ? {} : { token })

const auditOf = (t: TestApp, action: string, targetId: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))

describe('feedback status', () => {
  it('is open for new feedback, and either role can change it, audited with from and to', async () => {
    const t = await testApp()
    const [row] = await addFeedback(t, [{ description: 'The app crashes on upload' }])
    const token = await tokenOf(t, 'subAdmin')
    expect((await okBody(await t.get(`/feedback/${row!.id}`, { token }), feedbackDetails)).data.status).toBe(FEEDBACK_STATUS.OPEN)

    const body = await okBody(await setStatus(t, row!.id, { status: FEEDBACK_STATUS.IN_PROGRESS }, token), feedback)
    expect(body.message).toBe(FEEDBACK_MSG.statusChanged)
    expect(body.data).toMatchObject({ _id: row!.id, status: FEEDBACK_STATUS.IN_PROGRESS })
    await okBody(await setStatus(t, row!.id, { status: FEEDBACK_STATUS.RESOLVED }, await tokenOf(t)), feedback)
    expect((await okBody(await t.get(`/feedback/${row!.id}`, { token }), feedbackDetails)).data.status).toBe(FEEDBACK_STATUS.RESOLVED)

    const audited = await auditOf(t, 'feedback.status', row!.id)
    expect(audited.map((a) => [a.actorEmail, a.targetType, a.targetLabel, a.detail])).toEqual(
      expect.arrayContaining([
        [TEST_SUB_ADMIN.email, 'feedback', 'The app crashes on upload', { from: 1, to: 2, status: 'In progress' }],
        [TEST_ADMIN.email, 'feedback', 'The app crashes on upload', { from: 2, to: 3, status: 'Resolved' }],
      ]),
    )
    expect(audited).toHaveLength(2)
  })

  it.each([
    ['an unknown status', { status: 4 }],
    ['a status as text', { status: 'resolved' }],
    ['no status', {}],
  ])('refuses %s with 400 and a field message', async (_what, json) => {
    const t = await testApp()
    const [row] = await addFeedback(t, [{}])
    const error = await errorOf(await setStatus(t, row!.id, json, await tokenOf(t)), 400)
    expect(error.error.fields).toEqual({ status: 'Choose a status' })
  })

  it('answers 404 for unknown feedback and 401 without a token, recording nothing', async () => {
    const t = await testApp()
    expect((await errorOf(await setStatus(t, UNKNOWN_ID, { status: 2 }, await tokenOf(t)), 404)).message).toBe(FEEDBACK_MSG.notFound)
    await errorOf(await setStatus(t, UNKNOWN_ID, { status: 2 }), 401)
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'feedback.status'))).toEqual([])
  })

  it('filters the list and its CSV by status, beside the type filter', async () => {
    const t = await testApp()
    const rows = await addFeedback(t, [
      { type: 'BUG', description: 'Open bug', createdAt: minutesAgo(t, 1) },
      { type: 'BUG', description: 'Handled bug', createdAt: minutesAgo(t, 2) },
      { type: 'OTHER', description: 'Handled other', createdAt: minutesAgo(t, 3) },
    ])
    const token = await tokenOf(t)
    await okBody(await setStatus(t, rows[1]!.id, { status: 3 }, token), feedback)
    await okBody(await setStatus(t, rows[2]!.id, { status: 3 }, token), feedback)

    const resolved = await listBody(await t.get('/feedback/list?status=3', { token }), feedback)
    expect(resolved.data.map((f) => f.description)).toEqual(['Handled bug', 'Handled other'])
    expect(resolved.total).toBe(2)
    const resolvedBugs = await listBody(await t.get('/feedback/list?status=3&filter=BUG', { token }), feedback)
    expect(resolvedBugs.data.map((f) => f.description)).toEqual(['Handled bug'])
    expect(resolvedBugs.total).toBe(1)
    expect((await listBody(await t.get('/feedback/list?status=2', { token }), feedback)).total).toBe(0)

    const csv = await (await t.get('/feedback/export?status=1', { token })).text()
    expect(csv).toContain('Open bug')
    expect(csv).not.toContain('Handled')

    expect((await errorOf(await t.get('/feedback/list?status=0', { token }), 400)).error.fields).toEqual({ status: 'Choose a status' })
  })
})

describe('feedback notes', () => {
  it('adds a trimmed note by the signed-in admin at the clock’s time, listed newest first on the details', async () => {
    const t = await testApp()
    const [row] = await addFeedback(t, [{ description: 'Please add a dark mode' }])
    const first = await okBody(await addNote(t, row!.id, { text: '  Asked the user which screen.  ' }, await tokenOf(t, 'subAdmin')), feedbackNote, 201)
    expect(first.message).toBe(FEEDBACK_MSG.noteAdded)
    const [subAdmin] = await t.db.select().from(admins).where(eq(admins.email, TEST_SUB_ADMIN.email))
    expect(first.data).toEqual({
      _id: expect.any(String),
      text: 'Asked the user which screen.',
      author: { _id: subAdmin!.id, name: subAdmin!.name },
      createdAt: t.clock.now().toISOString(),
    })

    t.clock.advance(60_000)
    const second = await okBody(await addNote(t, row!.id, { text: 'x'.repeat(1000) }, await tokenOf(t)), feedbackNote, 201)
    const details = await okBody(await t.get(`/feedback/${row!.id}`, { token: await tokenOf(t) }), feedbackDetails)
    expect(details.data.notes.map((n) => n._id)).toEqual([second.data._id, first.data._id])
    expect(details.data.notes[0]!.author?.name).not.toBe(subAdmin!.name)

    const audited = await auditOf(t, 'feedback.note', row!.id)
    expect(audited.map((a) => [a.actorEmail, a.targetLabel, a.detail])).toEqual(
      expect.arrayContaining([
        [TEST_SUB_ADMIN.email, 'Please add a dark mode', { noteId: first.data._id, length: 28 }],
        [TEST_ADMIN.email, 'Please add a dark mode', { noteId: second.data._id, length: 1000 }],
      ]),
    )
  })

  it('keeps a note whose author account is gone, without its author', async () => {
    const t = await testApp()
    const [row] = await addFeedback(t, [{}])
    await okBody(await addNote(t, row!.id, { text: 'Looking into it' }, await tokenOf(t, 'subAdmin')), feedbackNote, 201)
    await t.db.delete(admins).where(eq(admins.email, TEST_SUB_ADMIN.email))
    const details = await okBody(await t.get(`/feedback/${row!.id}`, { token: await tokenOf(t) }), feedbackDetails)
    expect(details.data.notes).toMatchObject([{ text: 'Looking into it', author: null }])
  })

  it.each([
    ['too long', { text: 'x'.repeat(1001) }, 'Should be maximum of 1000 characters'],
    ['blank once trimmed', { text: '   ' }, 'Enter the required field'],
    ['missing', {}, 'Enter the required field'],
  ])('refuses a note that is %s with 400 and a field message', async (_what, json, message) => {
    const t = await testApp()
    const [row] = await addFeedback(t, [{}])
    const error = await errorOf(await addNote(t, row!.id, json, await tokenOf(t)), 400)
    expect(error.error.fields).toEqual({ text: message })
    const details = await okBody(await t.get(`/feedback/${row!.id}`, { token: await tokenOf(t) }), feedbackDetails)
    expect(details.data.notes).toEqual([])
  })

  it('answers 404 for unknown feedback and 401 without a token', async () => {
    const t = await testApp()
    expect((await errorOf(await addNote(t, UNKNOWN_ID, { text: 'Hello' }, await tokenOf(t)), 404)).message).toBe(FEEDBACK_MSG.notFound)
    await errorOf(await addNote(t, UNKNOWN_ID, { text: 'Hello' }), 401)
  })
})
