import type { Feedback } from '@contract'

/** Who wrote it, for a link's or a dialog's words: the username, else the name, else that the account is gone. */
export const authorLabel = (f: Pick<Feedback, 'user'>) => f.user?.username?.trim() || f.user?.name?.trim() || 'a deleted user'
