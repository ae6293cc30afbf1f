import { loadAppAfresh } from './fresh-modules'

/**
 * Stored upload addresses are paths relative to the panel (/uploads/<key>), which is the API's
 * server: the browser reads them from the page's origin, or from the API's when
 * VITE_API_BASE_URL names another one. Other addresses are shown as they are.
 */
afterEach(() => {
  vi.unstubAllEnvs()
  loadAppAfresh()
})

const fileSrcWith = async (apiBase: string | undefined) => {
  vi.resetModules()
  if (apiBase !== undefined) vi.stubEnv('VITE_API_BASE_URL', apiBase)
  return (await import('@/lib/file-src')).fileSrc
}

describe('fileSrc', () => {
  it('leaves an uploaded file’s path as it is when the API is on the page’s origin', async () => {
    const fileSrc = await fileSrcWith(undefined)
    expect(fileSrc('/uploads/place/2026/11/a.png')).toBe('/uploads/place/2026/11/a.png')
  })

  it('reads an uploaded file’s path from the API’s origin when VITE_API_BASE_URL names another', async () => {
    const fileSrc = await fileSrcWith('https://api.petcare.test/api/v1')
    expect(fileSrc('/uploads/place/2026/11/a.png')).toBe('https://api.petcare.test/uploads/place/2026/11/a.png')
    // A bucket's absolute URL, an object URL and the page's own files stay as they are.
    expect(fileSrc('https://bucket.s3.amazonaws.com/place/a.png')).toBe('https://bucket.s3.amazonaws.com/place/a.png')
    expect(fileSrc('blob:http://localhost/1')).toBe('blob:http://localhost/1')
    expect(fileSrc('/images/placeholder.svg')).toBe('/images/placeholder.svg')
  })
})
