import nodemailer from 'nodemailer'
import type { Mailer } from './mailer'

/** How long a silent mail server is waited for: a request that sends mail is not held for minutes. */
const SMTP_TIMEOUT_MS = 10_000

/** Sends through the SMTP server of `url` (e.g. smtp://user:pass@host:587). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })
  return {
    async send({ to, subject, text }) {
      // One recipient, as an object: an address written by another program ("a@x, b@y") is never read as a list.
      await transport.sendMail({ from, to: { name: '', address: to }, subject, text })
    },
  }
}
