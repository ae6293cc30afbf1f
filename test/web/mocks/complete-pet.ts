import type { PetDetails } from '@contract'

/**
 * A pet with every field of the public page filled (three photos, vaccines, medications): the
 * mock server's Bruno and the pet the Lighthouse bench serves. The caller gives the id, the photos
 * and the owner, which differ between the two.
 */
export function completePet<Given extends Pick<PetDetails, '_id' | 'profilePhotos' | 'owner'>>(given: Given) {
  return {
    name: 'Bruno',
    age: 3,
    species: { name: 'Dog' },
    weight: 28.5,
    breed: { breedName: 'Labrador' },
    size: 3,
    gender: 1,
    microChipId: '985112004567891',
    dateOfBirth: '2022-04-12',
    profileType: '1',
    marking: 'Golden coat with a white patch on the chest',
    medicalHistory: 'Hip dysplasia check in 2024; all clear.',
    medications: [{ name: 'Carprofen 75 mg' }, { name: 'Heartgard Plus' }],
    vaccines: [
      { date: '2024-03-10', vaccine: { name: 'Rabies' } },
      { date: '2024-05-02', vaccine: { name: 'DHPP' } },
    ],
    ...given,
  } satisfies PetDetails
}
