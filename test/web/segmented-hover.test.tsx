import { screen, within } from '@testing-library/react'
import { renderRoute } from './render'

/**
 * Dashboard > Period (the Segmented control): the chosen segment keeps its dark background when
 * the pointer is over it, so its white label stays readable; the others lighten on hover.
 * Read from the classes, as Tailwind applies them: a class counts in a state when each of its
 * variants holds there.
 */
const UNCHECKED = 'peer-[:not(:checked)]'

/** A class's variants and its utility: split at the colons outside brackets (`peer-[:not(:checked)]:hover:bg-x`). */
const partsOf = (name: string) => name.split(/:(?![^[]*\])/)
const utility = (name: string) => partsOf(name).at(-1)!

function applying(segment: Element, holds: Set<string>) {
  return [...segment.classList].filter((name) => partsOf(name).slice(0, -1).every((variant) => holds.has(variant)))
}
const backgrounds = (classes: string[]) => classes.map(utility).filter((u) => u.startsWith('bg-'))
const texts = (classes: string[]) => classes.map(utility).filter((u) => /^text-(white|black|slate|primary)/.test(u))

describe('the Period choice on the dashboard', () => {
  it('keeps the chosen segment white on dark when hovered, and lightens the others', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const period = await screen.findByRole('group', { name: 'Period' })
    const chosen = within(period).getAllByRole('radio').find((radio) => (radio as HTMLInputElement).checked)!
    const other = within(period).getAllByRole('radio').find((radio) => !(radio as HTMLInputElement).checked)!
    const segmentOf = (radio: HTMLElement) => radio.nextElementSibling!

    const chosenHovered = applying(segmentOf(chosen), new Set(['hover', 'peer-checked']))
    expect(backgrounds(chosenHovered)).toEqual(['bg-primary-700'])
    expect(texts(chosenHovered)).toContain('text-white')

    const otherHovered = applying(segmentOf(other), new Set(['hover', UNCHECKED]))
    expect(backgrounds(otherHovered)).toEqual(['bg-slate-100'])
    expect(texts(otherHovered)).toEqual(['text-slate-700'])
  })
})
