import { PLACE_STATUS, type PlaceStatus } from '../../contract'
import type { cities, sites } from '../db/schema'
import type { DemoPictures } from './demo-pictures'

/**
 * The demo's cities and their pet-friendly sites (parks, dog beaches, cafés): real places with
 * their addresses and coordinates, so that the map and the addresses look right. The cafés are
 * made up. Every name and field follows the forms' rules (a city name is 2 to 20 letters and
 * spaces).
 */

type Kind = keyof DemoPictures['sites']

interface DemoSite {
  name: string
  kind: Kind
  description: string
  address: string
  lat: number
  lng: number
  status?: PlaceStatus
}

export const DEMO_CITIES: readonly { name: string; sites: readonly DemoSite[] }[] = [
  {
    name: 'San Francisco',
    sites: [
      {
        name: 'Fort Funston',
        kind: 'beach',
        description:
          'Sandy trails along the cliffs and a wide beach below: one of the city\'s favourite off-leash spots for dogs under voice control. There is little shade, so bring water.',
        address: 'Fort Funston Road, San Francisco, CA 94132, USA',
        lat: 37.7143,
        lng: -122.5025,
      },
      {
        name: 'Crissy Field East Beach',
        kind: 'beach',
        description: 'A bay beach with views of the Golden Gate Bridge. Dogs may run off leash on the east end; keep them leashed near the tidal marsh.',
        address: '1199 East Beach, San Francisco, CA 94129, USA',
        lat: 37.8053,
        lng: -122.4487,
      },
      {
        name: 'Duboce Park',
        kind: 'park',
        description: 'A neighbourhood park with a large off-leash lawn at its west end, busy with dog owners in the mornings and evenings.',
        address: 'Duboce Avenue & Steiner Street, San Francisco, CA 94117, USA',
        lat: 37.7692,
        lng: -122.4331,
      },
      {
        name: 'Mission Dolores Park',
        kind: 'park',
        description: 'Sunny lawns with city views and a dog play area on the upper slope. Water fountains with a low bowl for dogs near the playground.',
        address: 'Dolores Street & 19th Street, San Francisco, CA 94114, USA',
        lat: 37.7596,
        lng: -122.4269,
      },
      {
        name: 'The Wagging Spoon',
        kind: 'cafe',
        description: 'A café with a shaded patio where dogs are welcome. Water bowls at the door and house-made peanut butter biscuits at the counter.',
        address: '3250 Fillmore Street, San Francisco, CA 94123, USA',
        lat: 37.7985,
        lng: -122.4357,
      },
    ],
  },
  {
    name: 'London',
    sites: [
      {
        name: 'Hyde Park',
        kind: 'park',
        description: 'Wide open grass and tree-lined paths in central London. Dogs may be off lead in most areas; keep them on a lead near the Serpentine and the flower gardens.',
        address: 'Hyde Park, London W2 2UH, UK',
        lat: 51.5073,
        lng: -0.1657,
      },
      {
        name: 'Hampstead Heath',
        kind: 'park',
        description: 'Ancient woodland, meadows and ponds with space to roam. Parliament Hill gives one of the best views of the city; dogs are not allowed in the bathing ponds.',
        address: 'Hampstead Heath, London NW3 1BP, UK',
        lat: 51.5608,
        lng: -0.1631,
      },
      {
        name: 'Richmond Park',
        kind: 'park',
        description: 'A royal park with free-roaming red and fallow deer. Keep dogs on a lead during the birthing season (May to July) and the rut (September to October).',
        address: 'Richmond Park, Richmond TW10 5HS, UK',
        lat: 51.4426,
        lng: -0.276,
      },
      {
        name: 'Battersea Park',
        kind: 'park',
        description: 'Riverside park with a lake, sports fields and a dog-friendly café. Popular with walkers along the Thames path.',
        address: 'Battersea Park, London SW11 4NJ, UK',
        lat: 51.4791,
        lng: -0.1564,
      },
      {
        name: 'Bark and Brew',
        kind: 'cafe',
        description: 'Coffee, cake and a dog menu in Primrose Hill village. Dogs are welcome inside; there are hooks for leads and a towel by the door on rainy days.',
        address: "Regent's Park Road, London NW1 8XL, UK",
        lat: 51.5405,
        lng: -0.1565,
      },
    ],
  },
  {
    name: 'Sydney',
    sites: [
      {
        name: 'Sirius Cove Reserve',
        kind: 'beach',
        description: 'A sheltered harbour beach where dogs may swim and play off leash at set times. Check the signs at the entrance for the current hours.',
        address: 'Sirius Cove Road, Mosman NSW 2088, Australia',
        lat: -33.8384,
        lng: 151.2391,
      },
      {
        name: 'Centennial Park',
        kind: 'park',
        description: 'Large off-leash areas among the ponds and paddocks of a historic parkland, with dog bag dispensers and water stations.',
        address: 'Grand Drive, Centennial Park NSW 2021, Australia',
        lat: -33.8985,
        lng: 151.2339,
      },
      {
        name: 'Sydney Park',
        kind: 'park',
        description: 'Rolling hills and wetlands in the inner west with a fenced off-leash area. Expect plenty of company on weekend mornings.',
        address: 'Sydney Park Road, Alexandria NSW 2015, Australia',
        lat: -33.9102,
        lng: 151.1847,
      },
      {
        name: 'Paws on Crown',
        kind: 'cafe',
        description: 'A corner café on Crown Street with pavement tables for dogs and their people. Puppuccinos are on the house.',
        address: 'Crown Street, Surry Hills NSW 2010, Australia',
        lat: -33.8861,
        lng: 151.2135,
      },
    ],
  },
  {
    name: 'Bengaluru',
    sites: [
      {
        name: 'Cubbon Park',
        kind: 'park',
        description: 'Shaded walking paths under old trees in the heart of the city. Leashed dogs are welcome; early mornings are the coolest and quietest.',
        address: 'Kasturba Road, Bengaluru, Karnataka 560001, India',
        lat: 12.9763,
        lng: 77.5929,
      },
      {
        name: 'HSR Layout Pet Park',
        kind: 'park',
        description: 'A fenced neighbourhood park with agility ramps, separate areas for small and large dogs and a drinking water tap.',
        address: '27th Main Road, HSR Layout, Bengaluru, Karnataka 560102, India',
        lat: 12.9121,
        lng: 77.6446,
      },
      {
        name: 'Woof Brew Café',
        kind: 'cafe',
        description: 'A pet-friendly café on 100 Feet Road with a garden seating area, a dog treat menu and weekend adoption drives with local shelters.',
        address: '100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
        lat: 12.9719,
        lng: 77.6412,
      },
      {
        name: 'Sankey Tank Walkway',
        kind: 'park',
        description: 'A lakeside walking track popular with morning walkers and their leashed dogs. Closed for maintenance at the moment.',
        address: 'Sankey Road, Sadashivanagar, Bengaluru, Karnataka 560080, India',
        lat: 13.0095,
        lng: 77.5736,
        status: PLACE_STATUS.DEACTIVE,
      },
    ],
  },
  {
    name: 'Toronto',
    sites: [
      {
        name: 'High Park Dog Off Leash Area',
        kind: 'park',
        description: 'A large off-leash area with wooded trails in the city\'s biggest park. Dogs must stay on leash on the roads and near the zoo.',
        address: '1873 Bloor Street West, Toronto, ON M6R 2Z3, Canada',
        lat: 43.6465,
        lng: -79.4637,
      },
      {
        name: 'Trinity Bellwoods Park',
        kind: 'park',
        description: 'A lively downtown park with a sunken off-leash bowl, known locally as the dog bowl, and plenty of benches around it.',
        address: '790 Queen Street West, Toronto, ON M6J 1G3, Canada',
        lat: 43.647,
        lng: -79.4137,
      },
      {
        name: 'Cherry Beach Off Leash Area',
        kind: 'beach',
        description: 'A fenced off-leash section of sand and woodland on the lake shore, where dogs can swim in Lake Ontario.',
        address: '275 Unwin Avenue, Toronto, ON M5A 1A1, Canada',
        lat: 43.637,
        lng: -79.3455,
      },
      {
        name: 'Withrow Park',
        kind: 'park',
        description: 'A friendly east-end park with a fenced off-leash area, a farmers market on Saturdays in summer and a skating rink in winter.',
        address: '725 Logan Avenue, Toronto, ON M4K 3C7, Canada',
        lat: 43.6726,
        lng: -79.3486,
      },
      {
        name: 'Kibble and Crema',
        kind: 'cafe',
        description: 'Espresso bar on Ossington with a back patio for dogs, fresh water and a jar of biscuits. Dog owners meet here on Sunday mornings.',
        address: 'Ossington Avenue, Toronto, ON M6J 2Z5, Canada',
        lat: 43.6497,
        lng: -79.4205,
      },
      {
        name: 'Sunnyside Beach',
        kind: 'beach',
        description: 'A long sandy beach on the western waterfront with a boardwalk. Dogs on leash are welcome on the boardwalk all year.',
        address: '1755 Lake Shore Boulevard West, Toronto, ON M6S 5A3, Canada',
        lat: 43.6372,
        lng: -79.4556,
      },
    ],
  },
  {
    name: 'Barcelona',
    sites: [
      {
        name: 'Platja de Llevant',
        kind: 'beach',
        description: 'In summer a fenced section of this city beach is set aside for dogs, with showers and shade. Dogs should be registered and chipped.',
        address: 'Platja de Llevant, 08019 Barcelona, Spain',
        lat: 41.4037,
        lng: 2.2117,
      },
      {
        name: 'Parc de la Ciutadella',
        kind: 'park',
        description: 'The city\'s central park, with a fenced dog area near the Passeig de Picasso entrance, shady paths and the grand cascade fountain.',
        address: 'Passeig de Picasso 21, 08003 Barcelona, Spain',
        lat: 41.3881,
        lng: 2.1873,
      },
      {
        name: 'Parc de Montjuïc',
        kind: 'park',
        description: 'Hillside gardens and long walks with views over the port. Keep dogs on a lead in the botanical gardens. Temporarily hidden while paths are repaired.',
        address: 'Montjuïc, 08038 Barcelona, Spain',
        lat: 41.3635,
        lng: 2.1579,
        status: PLACE_STATUS.DEACTIVE,
      },
      {
        name: 'Gos Café Gràcia',
        kind: 'cafe',
        description: 'A small café in Gràcia where dogs are welcome inside. The terrace is quiet in the afternoons and there is always a water bowl out.',
        address: 'Carrer de Verdi 20, 08012 Barcelona, Spain',
        lat: 41.4036,
        lng: 2.1568,
      },
    ],
  },
]

const DAY_MS = 24 * 60 * 60 * 1000

export type CityRow = typeof cities.$inferInsert & { createdAt: Date }
export type SiteRow = Omit<typeof sites.$inferInsert, 'cityId'>

/** Demo city `i` (from 0), added `i` weeks ago or so (the first is the oldest). */
export function demoCityAt(i: number, now: Date): CityRow {
  const createdAt = new Date(now.getTime() - (DEMO_CITIES.length - i) * 7 * DAY_MS)
  return { name: DEMO_CITIES[i]!.name, createdAt, updatedAt: createdAt }
}

/** The sites of demo city `i`, added over the days after the city, each with one to three of `pictures`. */
export function demoSitesOf(i: number, now: Date, pictures: DemoPictures): SiteRow[] {
  const city = demoCityAt(i, now)
  return DEMO_CITIES[i]!.sites.map((site, n) => {
    const createdAt = new Date(city.createdAt.getTime() + (n + 1) * DAY_MS + (i * 7 + n) * 37 * 60_000)
    const pool = pictures.sites[site.kind]
    const count = 1 + ((i + n) % 3)
    const images = Array.from({ length: Math.min(count, pool.length) }, (_, k) => pool[(n + k) % pool.length]!)
    return {
      name: site.name,
      description: site.description,
      address: site.address,
      latitude: site.lat,
      longitude: site.lng,
      images,
      status: site.status ?? PLACE_STATUS.ACTIVE,
      createdAt,
      updatedAt: createdAt,
    }
  })
}
