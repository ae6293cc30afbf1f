import { testApp } from './helpers/test-app'

describe('GET /uploads/*', () => {
  it('serves a stored file with its type, nosniff and a long cache', async () => {
    const t = await testApp()
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    await t.storage.put('profile/abc123.png', png, 'image/png')
    const res = await t.app.request('/uploads/profile/abc123.png')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('Cache-Control')).toContain('immutable')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png)
  })

  it('answers 404 for a missing file', async () => {
    const t = await testApp()
    expect((await t.app.request('/uploads/profile/missing.png')).status).toBe(404)
  })

  it('never reads outside the uploads folder', async () => {
    const t = await testApp()
    for (const path of ['/uploads/..%2Fsecret.txt', '/uploads/%2E%2E/%2E%2E/etc/passwd', '/uploads/.hidden']) {
      expect((await t.app.request(path)).status).toBe(404)
    }
    await expect(t.storage.put('../escape.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(/unsafe/)
  })

  it('sends anything but a raster image as a download-only octet stream', async () => {
    const t = await testApp()
    for (const key of ['misc/page.html', 'misc/logo.svg', 'misc/clip.mp4']) {
      await t.storage.put(key, new TextEncoder().encode('<script>alert(1)</script>'), 'text/html')
      const res = await t.app.request(`/uploads/${key}`)
      expect(res.headers.get('Content-Type'), key).toBe('application/octet-stream')
      expect(res.headers.get('Content-Disposition'), key).toBe('attachment')
      expect(res.headers.get('X-Content-Type-Options'), key).toBe('nosniff')
      expect(res.headers.get('Content-Security-Policy'), key).toBe("default-src 'none'; sandbox")
    }
  })

  it('serves JPEG, PNG, WEBP and GIF inline with their types', async () => {
    const t = await testApp()
    const types = { 'a.jpg': 'image/jpeg', 'b.jpeg': 'image/jpeg', 'c.png': 'image/png', 'd.webp': 'image/webp', 'e.gif': 'image/gif' }
    for (const [name, type] of Object.entries(types)) {
      await t.storage.put(`site/${name}`, new Uint8Array([1]), type)
      const res = await t.app.request(`/uploads/site/${name}`)
      expect(res.headers.get('Content-Type'), name).toBe(type)
      expect(res.headers.get('Content-Disposition'), name).toBeNull()
    }
  })
})
