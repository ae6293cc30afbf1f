import nodemailer from 'nodemailer'
import type { Mailer } from './mailer'

/** Sends through the SMTP server of `url` (e.g. smtp://user:pass@host:587). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text })
    },
  }
}
