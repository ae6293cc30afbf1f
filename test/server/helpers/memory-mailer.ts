import type { MailMessage, Mailer } from '../../../server/mail/mailer'

/** Keeps sent mail in memory, for tests to read. */
export interface MemoryMailer extends Mailer {
  messages: MailMessage[]
  /** The digits of the newest verification code sent to `to`. */
  lastCodeTo(to: string): string
}

export function memoryMailer(): MemoryMailer {
  const messages: MailMessage[] = []
  return {
    messages,
    async send(message) {
      messages.push(message)
    },
    lastCodeTo(to) {
      const mail = messages.findLast((m) => m.to === to)
      const code = mail?.text.match(/\b\d{6}\b/)?.[0]
      if (!code) throw new Error(`No verification code was mailed to ${to}`)
      return code
    },
  }
}
