import type { HttpHandler } from 'msw'
import { SEARCH_LIMITS, SEARCH_MSG, type SearchGroup, type SearchHit, type SearchResults } from '@contract/search'
import { searchQuery } from '@contract/input/search'
import { db, ok, route } from '../db'
import { placesDb } from './places'

/**
 * GET /admin/search as the server answers it (server/routes/search.ts): per kind, the first five
 * whose searched text holds q (case-insensitive), in label order, and whether more match.
 */

const groupOf = <T,>(rows: readonly T[], q: string, searchIn: (row: T) => (string | null | undefined)[], hit: (row: T) => SearchHit): SearchGroup => {
  const needle = q.toLowerCase()
  const found = rows
    .filter((row) => searchIn(row).some((text) => text?.toLowerCase().includes(needle)))
    .map(hit)
    .sort((a, b) => a.label.toLowerCase().localeCompare(b.label.toLowerCase()) || a._id.localeCompare(b._id))
  return { items: found.slice(0, SEARCH_LIMITS.perGroup), more: found.length > SEARCH_LIMITS.perGroup }
}

const sites = (n: number) => (n === 1 ? '1 site' : `${n} sites`)

export const searchHandlers: HttpHandler[] = [
  route('get', '/admin/search', { permission: 'read', query: searchQuery }, ({ query: { q } }) => {
    const place = (p: { _id: string; name: string; address: string }): SearchHit => ({ _id: p._id, label: p.name, subLabel: p.address })
    const data: SearchResults = {
      users: groupOf(db.users, q, (u) => [u.username, u.name, u.email, u.mobileNo], (u) => ({
        _id: u._id,
        label: u.username ?? '',
        subLabel: [u.name, u.email].filter(Boolean).join(' · '),
      })),
      petShops: groupOf(placesDb('petShop'), q, (p) => [p.name, p.address], place),
      hospitals: groupOf(placesDb('hospital'), q, (p) => [p.name, p.address], place),
      sites: groupOf(db.sites, q, (s) => [s.name, s.address], place),
      cities: groupOf(db.cities, q, (c) => [c.name], (c) => ({
        _id: c._id,
        label: c.name,
        subLabel: sites(db.sites.filter((s) => s.cityId === c._id).length),
      })),
    }
    return ok(SEARCH_MSG.found, data)
  }),
]
