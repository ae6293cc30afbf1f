import { http, type HttpHandler } from 'msw'
import { PARTNERS_MSG, partnerListQuery, type Partner } from '@contract'
import { api, authenticate, db } from '../db'
import { csvAnswer, listAnswer, type ListRules } from '../list'

const rules: ListRules<Partner> = {
  searchIn: (p) => [p.name, p.ownerName, p.email, p.mobileNo, p.address],
  filter: (p, type: number) => p.type === type,
}

export const partnerHandlers: HttpHandler[] = [
  http.get(api('/admin/partners'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return listAnswer(request, partnerListQuery, db.partners, rules, { message: PARTNERS_MSG.listed })
  }),

  http.get(api('/admin/partners/export'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return csvAnswer(request, partnerListQuery, db.partners, rules, {
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
    })
  }),
]
