// Draws the demo data's pictures (pets, people, pet shops, hospitals, cities) as flat SVG
// illustrations and renders them with the machine's Chromium, so that the demo needs no other
// host. The SVGs are written to server/seed/demo-images/svg/ (the sources, to look at or edit),
// the rendered files to server/seed/demo-images/ (what the server stores on first start; see
// server/seed/demo-pictures.ts, which names them). Run it again after changing a drawing:
//
//   node scripts/demo-images.mjs            (CHROMIUM=/path/to/chromium to use another browser)
//
// Pictures of the `profile` upload folder (pets, people) are JPEG, which that folder takes;
// places and sites are WebP. Each is drawn at a small size and rendered at `scale` times it
// (pets 640 x 480, people 256 x 256, places and sites 800 x 500), within a few tens of kB.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import puppeteer from 'puppeteer-core'

const root = resolve(import.meta.dirname, '..')
const outDir = join(root, 'server/seed/demo-images')
const svgDir = join(outDir, 'svg')

// ---------------------------------------------------------------------------------------------
// Shapes

const svg = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">\n${body}\n</svg>\n`
const rect = (x, y, w, h, fill, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`
const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`
const ellipse = (cx, cy, rx, ry, fill, extra = '') => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`
const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`
const text = (x, y, size, fill, words, extra = '') =>
  `<text x="${x}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${fill}" text-anchor="middle" ${extra}>${words}</text>`
const rotate = (deg, cx, cy) => `transform="rotate(${deg} ${cx} ${cy})"`

/** A paw print centred at (x, y), `s` its scale. */
const paw = (x, y, s, fill) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}">${ellipse(0, 6, 11, 9, fill)}${circle(-12, -8, 5, fill)}${circle(-4, -15, 5, fill)}${circle(6, -15, 5, fill)}${circle(13, -7, 5, fill)}</g>`

/**
 * A pet picture: a soft room or lawn (a wall, a floor, a few paw prints), the pet's shadow on the
 * floor at `shadowY` (`shadowRx` by `shadowRy`), then the pet.
 */
const petPicture = ({ wall, floor, prints }, [shadowY, shadowRx, shadowRy], pet) =>
  svg(
    480,
    360,
    rect(0, 0, 480, 360, wall) +
      path('M0 270 Q240 240 480 270 L480 360 L0 360 Z', floor) +
      paw(60, 70, 1.3, prints) +
      paw(420, 110, 1, prints) +
      paw(400, 40, 0.8, prints) +
      circle(90, 200, 26, prints, 'opacity="0.5"') +
      ellipse(240, shadowY, shadowRx, shadowRy, '#000', 'opacity="0.12"') +
      pet,
  )

/** Two round eyes at `y`, `gap` apart around the middle, each with a glint up and to the right. */
const eyes = (y, gap, r, colour = '#2b2118') =>
  [240 - gap / 2, 240 + gap / 2].map((x) => circle(x, y, r, colour) + circle(x + 2, y - 2, r / 3, '#fff')).join('')

// ---------------------------------------------------------------------------------------------
// Pets (480 x 360)

function dog({ coat, ear, muzzle, collar, spot, ...scene }) {
  return petPicture(
    scene,
    [300, 110, 18],
    // body and legs
    path('M175 300 Q160 200 240 185 Q320 200 305 300 Z', coat) +
      rect(196, 250, 26, 52, coat, 'rx="12"') +
      rect(258, 250, 26, 52, coat, 'rx="12"') +
      ellipse(209, 300, 18, 9, muzzle) +
      ellipse(271, 300, 18, 9, muzzle) +
      ellipse(240, 245, 32, 40, muzzle) +
      path('M300 270 Q350 250 340 205', 'none', `stroke="${coat}" stroke-width="16" stroke-linecap="round"`) +
      // head
      circle(240, 140, 62, coat) +
      (spot ? ellipse(212, 122, 20, 24, spot) : '') +
      ellipse(184, 140, 20, 46, ear, rotate(18, 184, 140)) +
      ellipse(296, 140, 20, 46, ear, rotate(-18, 296, 140)) +
      ellipse(240, 170, 36, 28, muzzle) +
      eyes(128, 48, 7) +
      ellipse(240, 156, 13, 9, '#2b2118') +
      path('M240 165 L240 175 M226 178 Q240 188 254 178', 'none', 'stroke="#2b2118" stroke-width="3" stroke-linecap="round"') +
      path('M232 181 Q240 202 248 181 Z', '#e8707e') +
      // collar and tag
      path('M196 196 Q240 216 284 196 L284 206 Q240 228 196 206 Z', collar) +
      circle(240, 222, 9, '#f4c542'),
  )
}

function cat({ coat, belly, stripes, eye, ...scene }) {
  const stripe = (d) => path(d, 'none', `stroke="${stripes}" stroke-width="7" stroke-linecap="round"`)
  return petPicture(
    scene,
    [302, 100, 16],
    path('M330 295 Q390 290 380 230 Q372 200 352 214', 'none', `stroke="${coat}" stroke-width="16" stroke-linecap="round"`) +
      path('M180 300 Q170 205 240 192 Q310 205 300 300 Z', coat) +
      ellipse(240, 258, 30, 40, belly) +
      ellipse(212, 300, 20, 10, belly) +
      ellipse(268, 300, 20, 10, belly) +
      (stripes ? stripe('M186 240 Q198 236 206 244') + stripe('M294 240 Q282 236 274 244') + stripe('M190 270 Q200 266 208 272') : '') +
      // head with pointed ears
      path('M186 120 L178 52 L228 90 Z', coat) +
      path('M294 120 L302 52 L252 90 Z', coat) +
      path('M190 106 L186 68 L214 90 Z', '#f2a7b3') +
      path('M290 106 L294 68 L266 90 Z', '#f2a7b3') +
      ellipse(240, 140, 66, 56, coat) +
      (stripes ? stripe('M240 88 L240 106') + stripe('M222 92 L226 108') + stripe('M258 92 L254 108') : '') +
      ellipse(240, 162, 30, 20, belly) +
      ellipse(214, 134, 11, 13, eye) +
      ellipse(266, 134, 11, 13, eye) +
      ellipse(214, 134, 4, 11, '#1f1a16') +
      ellipse(266, 134, 4, 11, '#1f1a16') +
      path('M233 152 L247 152 L240 160 Z', '#e8707e') +
      path('M240 160 Q232 170 226 166 M240 160 Q248 170 254 166', 'none', 'stroke="#1f1a16" stroke-width="2.5" stroke-linecap="round"') +
      path('M198 158 L160 150 M198 164 L158 166 M282 158 L320 150 M282 164 L322 166', 'none', 'stroke="#fff" stroke-width="2" opacity="0.8"'),
  )
}

function rabbit({ coat, inner, ...scene }) {
  return petPicture(
    scene,
    [304, 100, 14],
    ellipse(210, 60, 18, 62, coat, rotate(-10, 210, 110)) +
      ellipse(270, 60, 18, 62, coat, rotate(10, 270, 110)) +
      ellipse(210, 64, 8, 46, inner, rotate(-10, 210, 110)) +
      ellipse(270, 64, 8, 46, inner, rotate(10, 270, 110)) +
      ellipse(240, 250, 82, 58, coat) +
      circle(318, 262, 18, '#fff') +
      circle(240, 160, 52, coat) +
      ellipse(200, 300, 30, 12, coat) +
      ellipse(280, 300, 30, 12, coat) +
      eyes(152, 40, 7) +
      ellipse(240, 174, 8, 6, '#e8707e') +
      circle(206, 180, 10, '#f2a7b3', 'opacity="0.6"') +
      circle(274, 180, 10, '#f2a7b3', 'opacity="0.6"') +
      // a carrot beside it
      path('M350 300 L398 258 L408 270 Z', '#f08c2e') +
      path('M402 262 L420 246 M404 266 L426 258 M400 258 L410 238', 'none', 'stroke="#4c9a4a" stroke-width="5" stroke-linecap="round"'),
  )
}

function parrot({ wall, body, wing, head, cheek }) {
  return svg(
    480,
    360,
    rect(0, 0, 480, 360, wall) +
      circle(80, 80, 50, '#ffffff', 'opacity="0.35"') +
      circle(400, 290, 70, '#ffffff', 'opacity="0.25"') +
      ellipse(150, 120, 60, 26, '#5aa55a', rotate(-30, 150, 120)) +
      ellipse(380, 70, 50, 20, '#5aa55a', rotate(25, 380, 70)) +
      // branch
      path('M20 280 Q240 250 460 290', 'none', 'stroke="#8a5a3b" stroke-width="18" stroke-linecap="round"') +
      // tail
      path('M232 250 L210 350 L250 350 Z', wing) +
      path('M246 250 L252 350 L280 340 Z', '#3e7fd6') +
      // body, wing, head
      ellipse(245, 200, 52, 72, body) +
      ellipse(272, 210, 28, 56, wing, rotate(-12, 272, 210)) +
      circle(238, 118, 44, head) +
      circle(222, 130, 14, cheek) +
      circle(240, 108, 9, '#fff') +
      circle(240, 108, 5, '#1f1a16') +
      path('M198 104 Q170 112 180 140 Q192 130 206 128 Z', '#f4c542') +
      path('M198 104 Q186 118 190 130 Q198 124 206 126 Z', '#3a3a3a', 'opacity="0.45"') +
      // feet on the branch
      path('M226 268 l-6 14 M236 268 l0 14 M260 268 l0 14 M270 268 l6 14', 'none', 'stroke="#6b6b6b" stroke-width="5" stroke-linecap="round"'),
  )
}

function hamster({ coat, belly, ...scene }) {
  return petPicture(
    scene,
    [306, 110, 14],
    ellipse(240, 230, 110, 84, coat) +
      ellipse(240, 262, 70, 52, belly) +
      circle(166, 160, 24, coat) +
      circle(314, 160, 24, coat) +
      circle(166, 160, 12, '#f2a7b3') +
      circle(314, 160, 12, '#f2a7b3') +
      eyes(207, 56, 8, '#1f1a16') +
      ellipse(240, 226, 7, 5, '#e8707e') +
      ellipse(196, 238, 20, 14, '#fbe3d0') +
      ellipse(284, 238, 20, 14, '#fbe3d0') +
      ellipse(220, 302, 14, 7, '#f2a7b3') +
      ellipse(260, 302, 14, 7, '#f2a7b3') +
      // a sunflower seed in its paws
      ellipse(240, 270, 9, 16, '#3b3b3b', rotate(30, 240, 270)) +
      path('M236 260 L244 280', 'none', `stroke="#e6e6e6" stroke-width="2" ${rotate(30, 240, 270)}`),
  )
}

// ---------------------------------------------------------------------------------------------
// People (256 x 256)

function person({ bg, skin, hair, shirt, style }) {
  const hairBack = {
    long: path('M70 120 Q66 40 128 38 Q190 40 186 120 L192 200 L64 200 Z', hair),
    bun: circle(128, 40, 24, hair),
    short: '',
    curly: [60, 84, 108, 132, 156, 180].map((x, i) => circle(x + 8, 70 + (i % 2) * 8, 26, hair)).join(''),
  }[style]
  const hairFront = {
    long: path('M78 110 Q82 52 128 50 Q176 52 178 110 Q150 76 104 86 Q90 92 78 110 Z', hair),
    bun: path('M80 104 Q84 54 128 52 Q172 54 176 104 Q150 78 128 80 Q104 78 80 104 Z', hair),
    short: path('M80 100 Q80 48 130 48 Q178 50 176 98 Q170 80 150 76 Q120 84 96 78 Q84 86 80 100 Z', hair),
    curly: path('M80 96 Q86 56 128 54 Q172 56 176 96 Q150 74 128 78 Q104 74 80 96 Z', hair),
  }[style]
  return svg(
    256,
    256,
    rect(0, 0, 256, 256, bg) +
      circle(210, 46, 30, '#ffffff', 'opacity="0.3"') +
      hairBack +
      path('M40 256 Q44 186 128 178 Q212 186 216 256 Z', shirt) +
      rect(112, 148, 32, 38, skin, 'rx="10"') +
      ellipse(128, 112, 50, 58, skin) +
      ellipse(78, 116, 9, 13, skin) +
      ellipse(178, 116, 9, 13, skin) +
      hairFront +
      circle(110, 116, 5.5, '#2b2118') +
      circle(146, 116, 5.5, '#2b2118') +
      path('M112 140 Q128 154 144 140', 'none', 'stroke="#8c3b3b" stroke-width="4" stroke-linecap="round"') +
      circle(100, 134, 8, '#e8707e', 'opacity="0.25"') +
      circle(156, 134, 8, '#e8707e', 'opacity="0.25"'),
  )
}

// ---------------------------------------------------------------------------------------------
// Places (640 x 400)

const sky = (top, bottom, id) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
  rect(0, 0, 640, 400, `url(#${id})`)
const cloud = (x, y, s) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="#fff" opacity="0.9">${ellipse(0, 0, 40, 16, '#fff')}${circle(-14, -10, 16, '#fff')}${circle(12, -14, 20, '#fff')}</g>`
const tree = (x, y, s, leaves) =>
  `<g transform="translate(${x} ${y}) scale(${s})">${rect(-6, 0, 12, 50, '#8a5a3b')}${circle(0, -10, 34, leaves)}${circle(-20, 8, 22, leaves)}${circle(20, 8, 22, leaves)}</g>`

function shop({ wall, awning, sign, label, top, bottom }) {
  const stripes = Array.from({ length: 10 }, (_, i) => rect(120 + i * 40, 150, 20, 40, i % 2 ? '#fff' : awning)).join('')
  const scallops = Array.from({ length: 20 }, (_, i) => circle(130 + i * 20, 190, 10, i % 2 ? '#fff' : awning)).join('')
  return svg(
    640,
    400,
    sky(top, bottom, 'sky') +
      cloud(90, 70, 1) +
      cloud(540, 50, 0.8) +
      rect(0, 340, 640, 60, '#b9b3a7') +
      rect(0, 336, 640, 8, '#8f887c') +
      rect(100, 60, 440, 280, wall) +
      rect(140, 80, 360, 56, sign, 'rx="10"') +
      text(345, 120, 30, '#fff', label) +
      paw(176, 110, 0.9, '#fff') +
      stripes +
      scallops +
      rect(140, 210, 150, 110, '#cfe8f3', 'rx="6"') +
      rect(140, 210, 150, 110, 'none', 'rx="6" stroke="#fff" stroke-width="6"') +
      rect(360, 210, 140, 110, '#cfe8f3', 'rx="6"') +
      rect(360, 210, 140, 110, 'none', 'rx="6" stroke="#fff" stroke-width="6"') +
      rect(300, 220, 50, 120, '#7a4f35', 'rx="4"') +
      circle(340, 282, 4, '#f4c542') +
      // a bone, a fish and a ball in the windows
      path('M165 290 h70', 'none', 'stroke="#f6efe2" stroke-width="12" stroke-linecap="round"') +
      circle(165, 284, 8, '#f6efe2') +
      circle(165, 296, 8, '#f6efe2') +
      circle(235, 284, 8, '#f6efe2') +
      circle(235, 296, 8, '#f6efe2') +
      ellipse(420, 285, 34, 16, '#f08c2e') +
      path('M452 285 l22 -14 l0 28 Z', '#f08c2e') +
      circle(408, 282, 3, '#1f1a16') +
      circle(260, 250, 14, '#e8505b') +
      tree(60, 290, 1, '#5aa55a') +
      tree(585, 290, 1.1, '#4c9a4a'),
  )
}

function hospital({ wall, accent, top, bottom }) {
  const windows = [170, 250, 390, 470].flatMap((x) => [rect(x - 26, 120, 52, 44, '#cfe8f3', 'rx="4"'), rect(x - 26, 196, 52, 44, '#cfe8f3', 'rx="4"')])
  return svg(
    640,
    400,
    sky(top, bottom, 'sky') +
      cloud(520, 60, 1) +
      cloud(120, 50, 0.7) +
      rect(0, 330, 640, 70, '#7cc46e') +
      rect(260, 330, 120, 70, '#d8d2c4') +
      rect(110, 90, 420, 240, wall) +
      rect(250, 40, 140, 290, '#ffffff') +
      rect(250, 40, 140, 290, 'none', `stroke="${accent}" stroke-width="4"`) +
      rect(300, 60, 40, 100, accent, 'rx="6"') +
      rect(270, 90, 100, 40, accent, 'rx="6"') +
      text(320, 190, 26, accent, 'VET') +
      windows.join('') +
      rect(286, 240, 68, 90, '#a9d6ea', 'rx="4"') +
      path('M320 240 L320 330', 'none', 'stroke="#fff" stroke-width="4"') +
      rect(110, 90, 420, 12, accent) +
      paw(560, 370, 1, '#ffffff') +
      tree(60, 280, 1.1, '#3f8f4f') +
      tree(590, 285, 1, '#4c9a4a'),
  )
}

// ---------------------------------------------------------------------------------------------
// Sites and cities (640 x 400)

const skyline = (y, fill) =>
  [
    [20, 70, 60], [90, 40, 110], [140, 60, 80], [210, 34, 150], [250, 70, 96], [330, 50, 130], [390, 40, 70],
    [440, 64, 120], [510, 44, 90], [560, 60, 140],
  ]
    .map(([x, w, h]) => rect(x, y - h, w, h, fill))
    .join('')

function park({ top, bottom, grass, far }) {
  return svg(
    640,
    400,
    sky(top, bottom, 'sky') +
      circle(520, 80, 36, '#ffe58a') +
      cloud(140, 70, 1) +
      skyline(250, far) +
      path('M0 250 Q160 200 320 240 Q480 280 640 230 L640 400 L0 400 Z', grass) +
      path('M260 400 Q300 320 420 260 L450 262 Q340 330 330 400 Z', '#e9d8b4') +
      tree(90, 250, 1.4, '#3f8f4f') +
      tree(200, 262, 1, '#4c9a4a') +
      tree(560, 250, 1.3, '#3f8f4f') +
      // a bench and a dog on the lawn
      rect(470, 300, 90, 10, '#8a5a3b') +
      rect(470, 284, 90, 8, '#8a5a3b') +
      rect(478, 310, 6, 20, '#6b4530') +
      rect(546, 310, 6, 20, '#6b4530') +
      ellipse(160, 340, 30, 16, '#c98a4b') +
      circle(190, 324, 14, '#c98a4b') +
      ellipse(196, 316, 6, 12, '#8a5a3b') +
      path('M132 336 q-14 -12 -6 -24', 'none', 'stroke="#c98a4b" stroke-width="6" stroke-linecap="round"') +
      circle(230, 350, 9, '#e8505b'),
  )
}

function beach({ top, bottom, sea, sand }) {
  return svg(
    640,
    400,
    sky(top, bottom, 'sky') +
      circle(150, 110, 46, '#ffd45e') +
      cloud(470, 80, 1.1) +
      rect(0, 200, 640, 90, sea) +
      path('M0 230 Q40 222 80 230 T160 230 T240 230 T320 230 T400 230 T480 230 T560 230 T640 230', 'none', 'stroke="#ffffff" stroke-width="4" opacity="0.6"') +
      path('M0 270 Q160 250 320 266 Q480 282 640 262 L640 400 L0 400 Z', sand) +
      // umbrella, towel, ball
      path('M430 220 L446 360', 'none', 'stroke="#6b4530" stroke-width="6"') +
      path('M360 236 Q430 160 510 210 Z', '#e8505b') +
      path('M400 218 Q432 178 470 200 Z', '#fff') +
      rect(380, 330, 120, 40, '#3e7fd6', 'rx="6"' + ' ' + rotate(-6, 440, 350)) +
      circle(240, 340, 18, '#ffd45e') +
      path('M222 340 h36', 'none', 'stroke="#e8505b" stroke-width="5"') +
      paw(120, 350, 0.8, '#c9ad7d') +
      paw(160, 372, 0.8, '#c9ad7d') +
      paw(90, 384, 0.8, '#c9ad7d'),
  )
}

function cafe({ top, bottom, wall, awning }) {
  const stripes = Array.from({ length: 8 }, (_, i) => rect(150 + i * 42, 130, 21, 36, i % 2 ? '#fff' : awning)).join('')
  const table = (x) =>
    rect(x - 4, 300, 8, 50, '#4a4a4a') +
    ellipse(x, 300, 38, 8, '#4a4a4a') +
    rect(x - 9, 286, 18, 14, '#fff', 'rx="3"') +
    path(`M${x + 9} 290 q8 2 0 8`, 'none', 'stroke="#fff" stroke-width="3"')
  return svg(
    640,
    400,
    sky(top, bottom, 'sky') +
      cloud(80, 60, 0.9) +
      rect(0, 350, 640, 50, '#c7b9a3') +
      rect(130, 60, 380, 290, wall) +
      rect(170, 72, 300, 48, '#3b2f2a', 'rx="8"') +
      text(320, 106, 26, '#f6efe2', 'CAFÉ') +
      stripes +
      rect(160, 180, 120, 110, '#cfe8f3', 'rx="6"') +
      rect(360, 180, 120, 110, '#cfe8f3', 'rx="6"') +
      rect(290, 190, 60, 160, '#6b4530', 'rx="4"') +
      // a steaming cup in the window
      rect(200, 240, 40, 36, '#fff', 'rx="6"') +
      path('M240 248 q14 6 0 18', 'none', 'stroke="#fff" stroke-width="5"') +
      path('M210 230 q-6 -10 0 -20 M226 230 q-6 -10 0 -20', 'none', 'stroke="#9aa5ad" stroke-width="3"') +
      table(90) +
      table(560) +
      // a water bowl for dogs by the door
      ellipse(380, 346, 22, 7, '#3e7fd6') +
      text(380, 335, 12, '#3b2f2a', 'DOGS WELCOME'),
  )
}

function skylineAtDusk({ top, bottom, near, far }) {
  const windows = Array.from({ length: 40 }, (_, i) => rect(40 + ((i * 53) % 560), 336 + ((i * 37) % 28), 8, 10, '#ffe58a')).join('')
  return svg(
    640,
    400,
    sky(top, bottom, 'sky') +
      circle(470, 150, 40, '#ffd0a0', 'opacity="0.9"') +
      skyline(300, far) +
      `<g transform="translate(0 80)">${skyline(320, near)}</g>` +
      windows +
      rect(0, 370, 640, 30, '#2a3550') +
      path('M0 378 Q320 366 640 378', 'none', 'stroke="#ffd0a0" stroke-width="2" opacity="0.6"'),
  )
}

// ---------------------------------------------------------------------------------------------
// The set: file name (without extension), format, drawing.

const PETS = { format: 'jpeg', scale: 4 / 3 }
const PEOPLE = { format: 'jpeg', scale: 1 }
const PLACES = { format: 'webp', scale: 1.25 }
const PICTURES = [
  ['dog-golden', PETS, dog({ wall: '#fdf1dc', floor: '#f3d9a4', prints: '#f0d9b0', coat: '#e3a34d', ear: '#c4803a', muzzle: '#f6d7a6', collar: '#e8505b' })],
  ['dog-black', PETS, dog({ wall: '#e3f0fb', floor: '#b9d7ef', prints: '#cfe2f3', coat: '#3a3532', ear: '#2a2523', muzzle: '#c79a6a', collar: '#3e7fd6' })],
  ['dog-spotted', PETS, dog({ wall: '#e7f5e4', floor: '#bfe2b6', prints: '#d3ebcc', coat: '#f7f4ef', ear: '#4a3b33', muzzle: '#ffffff', collar: '#f08c2e', spot: '#4a3b33' })],
  ['cat-orange', PETS, cat({ wall: '#fce8e4', floor: '#f2c3b8', prints: '#f5d6cf', coat: '#ec9a45', belly: '#fbe1c0', stripes: '#c9712b', eye: '#8cc152' })],
  ['cat-grey', PETS, cat({ wall: '#eeeaf8', floor: '#cfc6ec', prints: '#ddd6f2', coat: '#8e96a3', belly: '#e4e7ec', stripes: '#6b7380', eye: '#f4c542' })],
  ['rabbit', PETS, rabbit({ wall: '#e6f6f3', floor: '#b7e3d9', prints: '#cdeee6', coat: '#d8c3a8', inner: '#f2b8c0' })],
  ['parrot', PETS, parrot({ wall: '#d9efff', body: '#4cae5b', wing: '#2f8a43', head: '#66c36f', cheek: '#f4c542' })],
  ['hamster', PETS, hamster({ wall: '#fff4d6', floor: '#f5dd9c', prints: '#f7e6b8', coat: '#e2a55c', belly: '#fbe8cf' })],
  ['person-1', PEOPLE, person({ bg: '#cfe2f3', skin: '#f1c7a5', hair: '#6b4530', shirt: '#3e7fd6', style: 'short' })],
  ['person-2', PEOPLE, person({ bg: '#fbd9d3', skin: '#c98d67', hair: '#2b2118', shirt: '#e8505b', style: 'long' })],
  ['person-3', PEOPLE, person({ bg: '#d3efd0', skin: '#8d5a3b', hair: '#1f1a16', shirt: '#f4c542', style: 'curly' })],
  ['person-4', PEOPLE, person({ bg: '#e5dcf5', skin: '#f3d3b8', hair: '#d9a441', shirt: '#5aa55a', style: 'bun' })],
  ['person-5', PEOPLE, person({ bg: '#fff0c8', skin: '#e0ac84', hair: '#3a3532', shirt: '#7a5cc2', style: 'short' })],
  ['person-6', PEOPLE, person({ bg: '#d6f0f0', skin: '#a8704c', hair: '#4a3b33', shirt: '#f08c2e', style: 'long' })],
  ['shop-red', PLACES, shop({ wall: '#f6e7cf', awning: '#e8505b', sign: '#2f6f8f', label: 'PET SHOP', top: '#9fd3f0', bottom: '#e3f3fb' })],
  ['shop-green', PLACES, shop({ wall: '#e9f1e4', awning: '#3f8f4f', sign: '#c4803a', label: 'PET FOOD', top: '#b7dcf5', bottom: '#f3f9fd' })],
  ['hospital-blue', PLACES, hospital({ wall: '#e6eef5', accent: '#2f7fc1', top: '#8fcaf0', bottom: '#e6f4fc' })],
  ['hospital-teal', PLACES, hospital({ wall: '#eaf5f2', accent: '#1f8f84', top: '#a5d8e8', bottom: '#f0f9fb' })],
  ['site-park', PLACES, park({ top: '#8fcaf0', bottom: '#e6f4fc', grass: '#7cc46e', far: '#b5c7d6' })],
  ['site-park-autumn', PLACES, park({ top: '#f6c28b', bottom: '#fde9cf', grass: '#a9c46e', far: '#d8b7a0' })],
  ['site-beach', PLACES, beach({ top: '#7cc4ef', bottom: '#d6effb', sea: '#2f9fd0', sand: '#f2dca8' })],
  ['site-cafe', PLACES, cafe({ top: '#a5d8e8', bottom: '#f0f9fb', wall: '#e8d3b8', awning: '#3f8f4f' })],
  ['site-city', PLACES, skylineAtDusk({ top: '#3b3f7a', bottom: '#f08c6a', near: '#23284a', far: '#4a4f8a' })],
]

// ---------------------------------------------------------------------------------------------
// Render

const sizeOf = (markup) => /width="(\d+)" height="(\d+)"/.exec(markup).slice(1).map(Number)

rmSync(outDir, { recursive: true, force: true })
mkdirSync(svgDir, { recursive: true })
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
})
try {
  const page = await browser.newPage()
  for (const [name, { format, scale }, markup] of PICTURES) {
    writeFileSync(join(svgDir, `${name}.svg`), markup)
    const [width, height] = sizeOf(markup)
    await page.setViewport({ width, height, deviceScaleFactor: scale })
    await page.setContent(`<!doctype html><html><body style="margin:0">${markup}</body></html>`)
    const file = join(outDir, `${name}.${format === 'jpeg' ? 'jpg' : format}`)
    await page.screenshot({ path: file, type: format, quality: format === 'jpeg' ? 86 : 82, clip: { x: 0, y: 0, width, height } })
  }
} finally {
  await browser.close()
}
const files = readdirSync(outDir).filter((f) => !f.endsWith('svg'))
const total = files.reduce((sum, f) => sum + statSync(join(outDir, f)).size, 0)
for (const f of files) console.info(`${f.padEnd(24)} ${(statSync(join(outDir, f)).size / 1024).toFixed(1).padStart(6)} kB`)
console.info(`${files.length} pictures, ${(total / 1024).toFixed(1)} kB in all, in ${outDir}`)
