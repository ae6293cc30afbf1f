import { partnerTypeLabel, type PartnerType } from '../../contract'
import type { MailMessage } from './mailer'

/** The applicant of a partner request, as the mail addresses them. */
export interface Applicant {
  name: string
  ownerName: string
  email: string
  type: PartnerType
}

/** What an applicant is told once their request is decided: approved, or declined with the reason. */
export function partnerDecisionMail(applicant: Applicant, decision: { approved: true } | { approved: false; reason: string }): MailMessage {
  const kind = partnerTypeLabel[applicant.type].toLowerCase()
  const { subject, body } = decision.approved
    ? {
        subject: `Your request to join Petcare as a ${kind} is approved`,
        body: [
          `Good news: your request to list ${applicant.name} as a ${kind} on Petcare has been approved.`,
          'Our team is completing its listing (description, map position, pictures); it will appear in the app once it is activated.',
          '',
          'Thank you for joining Petcare.',
        ],
      }
    : {
        subject: `Your request to join Petcare as a ${kind} was declined`,
        body: [
          `We are sorry: your request to list ${applicant.name} as a ${kind} on Petcare was declined, for this reason:`,
          '',
          decision.reason,
          '',
          'You are welcome to send a new request once this is resolved.',
        ],
      }
  return { to: applicant.email, subject, text: [`Hello ${applicant.ownerName},`, '', ...body].join('\n') }
}
