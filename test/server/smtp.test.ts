import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { smtpMailer } from '../../server/mail/smtp'

interface Received {
  from: string | undefined
  to: string[]
  user: string | undefined
  data: string
}

/** A real SMTP server on loopback that takes one account's mail and keeps what it was given. */
async function startSmtpServer() {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, done) {
      if (auth.username === 'mailer' && auth.password === 's3cret') done(null, { user: auth.username })
      else done(new Error('Invalid username or password'))
    },
    onData(stream, session, done) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          data,
        })
        done()
      })
    },
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
  const { port } = server.server.address() as AddressInfo
  return { port, received, close: () => new Promise<void>((done) => server.close(() => done())) }
}

describe('the SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(() => smtp.close())

  it('delivers a message to a real SMTP server, signed in with the account of SMTP_URL', async () => {
    const mailer = smtpMailer(`smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, 'Petcare Admin <no-reply@petcare.test>')
    await mailer.send({ to: 'ann@example.com', subject: 'Your code', text: 'Your verification code is 123456.' })
    expect(smtp.received).toHaveLength(1)
    const [mail] = smtp.received
    expect(mail).toMatchObject({ from: 'no-reply@petcare.test', to: ['ann@example.com'], user: 'mailer' })
    expect(mail!.data).toMatch(/^Subject: Your code\r?$/m)
    expect(mail!.data).toContain('Your verification code is 123456.')
  })

  it('fails the send when the server refuses the account', async () => {
    const mailer = smtpMailer(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`, 'no-reply@petcare.test')
    await expect(mailer.send({ to: 'ann@example.com', subject: 'x', text: 'y' })).rejects.toThrow()
  })
})
