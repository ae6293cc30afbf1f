import type { z } from 'zod'
import { UPLOADED_FILE_PATH } from '../../contract'
import { appUserFields, appUserSyncLine, INTEGRATION_UPLOAD_FOLDER, petFields, petSyncLine } from '../../contract/input/integration'
import { INTEGRATION_MSG } from '../../contract/integration'
import { isOurUpload, type ImageRules } from '../storage/image-edit'
import type { Storage } from '../storage/storage'

/**
 * The picture addresses the platform sends (a pet's photos, a user's picture). The contract took
 * them as http(s) URLs or /uploads/ paths; here, with the storage: an address of ours (one the
 * storage hands out, or any /uploads/ path) must pass the rule the panel's place and site forms
 * apply to a new image (storage/image-edit.ts, `isOurUpload`), for the integration's folder: a
 * key of that folder's shape, which only a signed upload of it makes, and which only a file within
 * that folder's types and size limit could be stored under. Any other http(s) URL is the
 * platform's own host's and is stored as sent. As for places, an address is checked, not the
 * file: a signed upload never posted is a missing picture, not a fault of the record.
 */
const notOurs = (rules: ImageRules, url: string) =>
  (UPLOADED_FILE_PATH.test(url) || rules.storage.ownsUrl(url)) && !isOurUpload(rules, url)

/** The contract's schemas of the integration's writes, with that check: field faults as any other (400, or a sync line's error). */
export function integrationSchemas(storage: Storage) {
  const rules: ImageRules = { storage, folder: INTEGRATION_UPLOAD_FOLDER }
  const photos = (v: { profilePhotos: string[] }, ctx: z.RefinementCtx) =>
    v.profilePhotos.forEach((url, i) => {
      if (notOurs(rules, url)) ctx.addIssue({ code: 'custom', path: ['profilePhotos', i], message: INTEGRATION_MSG.notOurUpload })
    })
  const picture = (v: { profileImage: string | null }, ctx: z.RefinementCtx) => {
    if (v.profileImage !== null && notOurs(rules, v.profileImage))
      ctx.addIssue({ code: 'custom', path: ['profileImage'], message: INTEGRATION_MSG.notOurUpload })
  }
  return {
    appUserFields: appUserFields.superRefine(picture),
    appUserSyncLine: appUserSyncLine.superRefine(picture),
    petFields: petFields.superRefine(photos),
    petSyncLine: petSyncLine.superRefine(photos),
  }
}
