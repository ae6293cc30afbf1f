import { zodResolver } from '@hookform/resolvers/zod'
import { feedbackNoteBody } from '@contract'

/** The internal note form's rules, the contract's own: a module of their own, which the form loads once it shows (useLazyResolver). */
export const noteResolver = zodResolver(feedbackNoteBody)
