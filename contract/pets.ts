import { z } from 'zod'
import { idParam } from './list'
import { API_MSG, minutesText } from './messages'

/** A pet, every field the public page shows, as GET /pet/petbyid returns it for the public page. */
export const petDetails = z.object({
  _id: z.string(),
  name: z.string(),
  /** Years; under 1 the page shows months (age x 10). */
  age: z.number().nullable(),
  species: z.object({ name: z.string() }).nullable(),
  weight: z.number().nullable(),
  breed: z.object({ breedName: z.string() }).nullable(),
  /** 1 Small, 2 Medium, 3 Large, 4 Extra-Large. */
  size: z.number().int().nullable(),
  /** 1 Male, 2 Female, 3 Other. */
  gender: z.number().int().nullable(),
  microChipId: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  /** '1' public, otherwise private. */
  profileType: z.string(),
  marking: z.string().nullable(),
  medicalHistory: z.string().nullable(),
  medications: z.array(z.object({ name: z.string() })),
  vaccines: z.array(z.object({ date: z.string(), vaccine: z.object({ name: z.string() }) })),
  profilePhotos: z.array(z.object({ url: z.string() })),
  owner: z
    .object({ name: z.string().nullable(), mobileNo: z.string().nullable(), email: z.string().nullable(), days: z.number().nullable() })
    .nullable(),
})
export type PetDetails = z.infer<typeof petDetails>

/** GET /pet/petbyid?petId=: public, no token. */
export const petByIdQuery = z.strictObject({ petId: z.uuid({ message: API_MSG.invalidId }) })
export type PetByIdQuery = z.infer<typeof petByIdQuery>

/**
 * GET /admin/user/{id}/pet/{petId}: the same record for the panel, where a signed-in admin cannot
 * open the public page; a pet of another owner is not found.
 */
export const userPetParams = idParam.extend({ petId: z.uuid({ message: API_MSG.invalidId }) })

/** What the public pet page's call answers. */
export const PETS_MSG = {
  fetched: 'Pet fetched successfully',
  notFound: 'Pet not found',
  tooMany: (retryAfterS: number) => `Too many pet pages opened from your address. Please try again in ${minutesText(retryAfterS)}.`,
} as const
