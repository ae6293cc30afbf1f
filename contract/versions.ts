import { z } from 'zod'

/**
 * Edit conflicts (docs/DECISIONS.md, Editing). Pet shops, hospitals, sites and CMS pages carry a `version`: their
 * details give it, an edit sends back the version it was made from, and the server saves only if
 * that is still the stored version (raising it by one); otherwise it answers 409 CONFLICT with
 * `CONFLICT_MSG.edited`, and nothing is saved.
 *
 * What raises the version: every save of the edit form, images and logo included (they are part
 * of the form). What does not: the status toggle (active / inactive), which is not an edit of the
 * form's content, so flipping a status never makes someone's text edit fail.
 */
export const CONFLICT_MSG = {
  edited:
    'Someone else saved changes to this while you were editing, so your changes were not saved. Reload to see the latest version, then make your changes again.',
} as const

/** What a body without a usable version is told (only a client out of date sends one). */
export const VERSION_MSG = 'Send the version of the details you edited'

/** The version an edit was made from: a whole number from 1 (a CMS page not written yet is 0, contract/cms.ts). */
export const editVersion = z.number({ error: VERSION_MSG }).int(VERSION_MSG).positive(VERSION_MSG)
