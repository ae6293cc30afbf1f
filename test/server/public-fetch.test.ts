import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import { fetchPublic, isPrivateAddress, literalRefusal, OutboundRefused } from '../../server/outbound/public-fetch'

/** The one module that calls typed URLs: the address rule, the time limit, the body cap and redirects. */

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('the private-address rule', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified, mapped, unique-local, NAT64 and 6to4 addresses', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '224.0.0.1',
      '255.255.255.255',
      '0.0.0.0',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.1.1',
      'fd12:3456::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:a9fe:a9fe::1',
    ]
    for (const ip of refused) expect(isPrivateAddress(ip), ip).toBe(true)
    for (const ip of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(ip), ip).toBe(false)
  })

  it('counts this machine’s own addresses as private', () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .map((i) => i!.address)
    for (const ip of own) expect(isPrivateAddress(ip), ip).toBe(true)
  })

  it('tells a form at once about a literal private address or localhost, not about a host name', () => {
    expect(literalRefusal('http://192.168.0.10/h', false)).toBe('private')
    expect(literalRefusal('http://localhost:8080/h', false)).toBe('private')
    expect(literalRefusal('http://[::1]/h', false)).toBe('private')
    expect(literalRefusal('https://hooks.example.com/h', false)).toBeUndefined()
    expect(literalRefusal('http://192.168.0.10/h', true)).toBeUndefined()
  })

  it('refuses before connecting, for an address and for a name that resolves to loopback; with the flag it connects', async () => {
    let hits = 0
    const url = await serve((_req, res) => {
      hits++
      res.end('hello')
    })
    await expect(fetchPublic(url, { allowPrivate: false, maxBodyBytes: 100 })).rejects.toBeInstanceOf(OutboundRefused)
    await expect(fetchPublic(url.replace('127.0.0.1', 'localhost'), { allowPrivate: false, maxBodyBytes: 100 })).rejects.toThrow(/private network or this machine/)
    expect(hits).toBe(0)
    const answer = await fetchPublic(url, { allowPrivate: true, maxBodyBytes: 100 })
    expect([answer.status, answer.body.toString()]).toEqual([200, 'hello'])
  })
})

describe('an attempt', () => {
  it('returns a redirect without following it', async () => {
    const paths: string[] = []
    const url = await serve((req, res) => {
      paths.push(req.url!)
      res.writeHead(301, { location: '/next' }).end()
    })
    const answer = await fetchPublic(`${url}/first`, { allowPrivate: true, maxBodyBytes: 100 })
    expect(answer.status).toBe(301)
    expect(paths).toEqual(['/first'])
  })

  it('reads the body up to its cap', async () => {
    const url = await serve((_req, res) => res.end('x'.repeat(100_000)))
    const answer = await fetchPublic(url, { allowPrivate: true, maxBodyBytes: 1024 })
    expect(answer.body.length).toBe(1024)
    expect(answer.truncated).toBe(true)
  })

  it('gives up at its time limit', async () => {
    const url = await serve(() => {}) // never answers
    const started = performance.now()
    await expect(fetchPublic(url, { allowPrivate: true, maxBodyBytes: 100, timeoutMs: 300 })).rejects.toThrow('No answer within 0.3 s')
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
