/** The product's name, at the end of every document title and on the drawer. */
export const PRODUCT_NAME = 'Petcare Admin'
/** The platform's name, for the pages pet owners read (policies, FAQ, contact, support). */
export const PLATFORM_NAME = 'Petcare'

/**
 * A screen's document title: 'Users · Petcare Admin', 'Pet Shop: Paws & Co · Petcare Admin'.
 * Shared by the SPA, the public pet page's small bundle and the server, which writes the pet
 * page's title for link previews.
 */
export const pageTitle = (page?: string, brand: typeof PRODUCT_NAME | typeof PLATFORM_NAME = PRODUCT_NAME) => (page ? `${page} · ${brand}` : brand)
