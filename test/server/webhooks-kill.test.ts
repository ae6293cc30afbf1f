import { freePort, signIn, type ServerProcess } from '../../scripts/lib/server-process'
import { TEST_ADMIN } from './helpers/accounts'
import { sharedDataServers } from './helpers/server-processes'
import { webhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver'

// The real server as a child process, killed (SIGKILL: no shutdown of any kind) after an event
// committed and before it reached its endpoint; a new process on the same database delivers it.
// With DATABASE_URL set it runs on a scratch database of that server.
describe('the webhook outbox across a kill', () => {
  const { start } = sharedDataServers('webhooks-kill', { WEBHOOK_ALLOW_PRIVATE: 'true' })
  let receiver: WebhookReceiver | undefined
  afterAll(() => receiver?.close())

  it('delivers an event committed just before the process was killed', { timeout: 180_000 }, async () => {
    const first = await start()
    const token = await signIn(first.origin, TEST_ADMIN.email, TEST_ADMIN.password)
    const call = (server: ServerProcess, method: string, path: string, json: unknown) =>
      fetch(`${server.origin}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(json) })
    // The receiver's port, with nothing listening on it yet: the first process cannot deliver.
    const port = await freePort()
    const made = await call(first, 'POST', '/admin/webhooks', { url: `http://127.0.0.1:${port}/hooks`, events: ['faq.changed'] })
    expect(made.status).toBe(201)
    const { secret } = ((await made.json()) as { data: { secret: string } }).data
    expect((await call(first, 'POST', '/admin/faq', { title: 'Killed?', description: 'Not the event.' })).status).toBe(201)
    first.child.kill('SIGKILL')
    expect((await first.exited).signal).toBe('SIGKILL')

    receiver = await webhookReceiver({ secret, now: () => new Date(), port })
    await start()
    // The new process's dispatcher finds the row: at once, or after the 5 s retry the first one's failed attempt set.
    await vi.waitFor(() => expect(receiver!.received).toHaveLength(1), { timeout: 60_000, interval: 100 })
    expect(receiver.refused).toEqual([])
    expect(receiver.received[0]!.event).toMatchObject({ type: 'faq.changed', data: { change: 'created', faq: { title: 'Killed?' } } })
  })
})
