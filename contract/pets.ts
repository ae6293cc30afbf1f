import * as zm from 'zod/mini'
import { minutesText } from './messages'

/** A pet, every field the public page shows, as GET /pet/petbyid returns it for the public page. */
export const petDetails = zm.object({
  _id: zm.string(),
  name: zm.string(),
  /** Years; under 1 the page shows months (age x 10). */
  age: zm.nullable(zm.number()),
  species: zm.nullable(zm.object({ name: zm.string() })),
  weight: zm.nullable(zm.number()),
  breed: zm.nullable(zm.object({ breedName: zm.string() })),
  /** 1 Small, 2 Medium, 3 Large, 4 Extra-Large. */
  size: zm.nullable(zm.int()),
  /** 1 Male, 2 Female, 3 Other. */
  gender: zm.nullable(zm.int()),
  microChipId: zm.nullable(zm.string()),
  dateOfBirth: zm.nullable(zm.string()),
  /** '1' public, otherwise private. */
  profileType: zm.string(),
  marking: zm.nullable(zm.string()),
  medicalHistory: zm.nullable(zm.string()),
  medications: zm.array(zm.object({ name: zm.string() })),
  vaccines: zm.array(zm.object({ date: zm.string(), vaccine: zm.object({ name: zm.string() }) })),
  profilePhotos: zm.array(zm.object({ url: zm.string() })),
  owner: zm.nullable(
    zm.object({ name: zm.nullable(zm.string()), mobileNo: zm.nullable(zm.string()), email: zm.nullable(zm.string()), days: zm.nullable(zm.number()) }),
  ),
})
export type PetDetails = zm.infer<typeof petDetails>

/** What the public pet page's call answers. */
export const PETS_MSG = {
  fetched: 'Pet fetched successfully',
  notFound: 'Pet not found',
  tooMany: (retryAfterS: number) => `Too many pet pages opened from your address. Please try again in ${minutesText(retryAfterS)}.`,
} as const
