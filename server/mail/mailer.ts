export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** Sends mail: SMTP when SMTP_URL is set, else the dev outbox (tests use an in-memory one). */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}
