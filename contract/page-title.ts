/** The product's name, at the end of every document title and on the drawer. */
export const PRODUCT_NAME = 'Petcare Admin'

/**
 * A screen's document title: 'Users · Petcare Admin', 'Pet Shop: Paws & Co · Petcare Admin'.
 * Shared by the SPA, the public pet page's small bundle and the server, which writes the pet
 * page's title for link previews.
 */
export const pageTitle = (page?: string) => (page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME)
