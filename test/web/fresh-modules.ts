/**
 * After a file that took fresh copies of the app's modules (vi.resetModules), lets the next file in
 * this worker load the app afresh: the module registry is cleared again, and the last router made
 * is forgotten. The router plugin's dev code in each route module gives fresh routes the
 * components of that router (window.__TSR_ROUTER__), which belong to the older copies: the next
 * file's pages would render nothing.
 */
export function loadAppAfresh() {
  delete (window as { __TSR_ROUTER__?: unknown }).__TSR_ROUTER__
  vi.resetModules()
}
