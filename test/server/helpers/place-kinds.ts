import { MSG, PLACES_MSG } from '../../../contract'

/** Pet shops and hospitals: the same routes and answers, each with its own paths and messages. */
export const PLACE_KINDS = [
  {
    kind: 'petShop' as const,
    list: '/place/admin/pet-shops',
    detail: '/place/admin/pet-shop',
    write: '/place/pet-shop',
    otherKind: 'hospital' as const,
    fetched: PLACES_MSG.petShop.fetched,
    listed: PLACES_MSG.petShop.listed,
    added: PLACES_MSG.petShop.created,
    updated: PLACES_MSG.petShop.updated,
    toggled: PLACES_MSG.petShop.statusUpdated,
    noImage: PLACES_MSG.petShop.noImageInactive,
    deleted: MSG.shopDeleted,
    notFound: PLACES_MSG.petShop.notFound,
  },
  {
    kind: 'hospital' as const,
    list: '/place/admin/hospitals',
    detail: '/place/admin/hospital',
    write: '/place/hospital',
    otherKind: 'petShop' as const,
    fetched: PLACES_MSG.hospital.fetched,
    listed: PLACES_MSG.hospital.listed,
    added: PLACES_MSG.hospital.created,
    updated: PLACES_MSG.hospital.updated,
    toggled: PLACES_MSG.hospital.statusUpdated,
    noImage: PLACES_MSG.hospital.noImageInactive,
    deleted: MSG.hospitalDeleted,
    notFound: PLACES_MSG.hospital.notFound,
  },
]
