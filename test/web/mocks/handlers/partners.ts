import type { HttpHandler } from 'msw'
import { PARTNERS_MSG, partnerListQuery, type Partner } from '@contract'
import { db, route } from '../db'
import { csvAnswer, listAnswer, type ListRules } from '../list'

const rules: ListRules<Partner> = {
  searchIn: (p) => [p.name, p.ownerName, p.email, p.mobileNo, p.address],
  filter: (p, type: number) => p.type === type,
}

export const partnerHandlers: HttpHandler[] = [
  route('get', '/admin/partners', { permission: 'read', query: partnerListQuery }, ({ query }) =>
    listAnswer(query, db.partners, rules, { message: PARTNERS_MSG.listed }),
  ),

  route('get', '/admin/partners/export', { permission: 'read', query: partnerListQuery }, ({ query }) =>
    csvAnswer(query, db.partners, rules, {
      stem: 'partners',
      columns: [
        ['Name', (p) => p.name],
        ['Owner Name', (p) => p.ownerName],
        ['Email', (p) => p.email],
        ['Mobile No.', (p) => p.mobileNo],
        ['Type', (p) => (p.type === 5 ? 'Hospital' : 'Pet Shop')],
        ['Address', (p) => p.address],
        ['Created At', (p) => p.createdAt],
      ],
    }),
  ),
]
