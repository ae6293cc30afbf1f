/**
 * Both roles read the CMS pages and the FAQ in settings; only an admin
 * saves, adds, edits, deletes or reorders (the server answers a sub admin 403), so a sub admin
 * is offered none of it and is told why (docs/DECISIONS.md, Roles).
 */
export const ADMIN_ONLY_NOTE = 'Only admins can edit this page.'
export const ADMIN_ONLY_NOTE_FAQ = "Only admins can add, edit, delete or reorder FAQ's."
