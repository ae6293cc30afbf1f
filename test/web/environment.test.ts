import { readFileSync } from 'node:fs'
import { screen } from '@testing-library/react'
import { BROWSER_STYLESHEET, hidingRules } from './environment'

describe("the web tests' DOM", () => {
  afterEach(() => document.body.replaceChildren())

  it('hides what a browser hides: [hidden], a closed dialog, hidden inputs, and what is inside them', () => {
    document.body.innerHTML = `
      <div hidden id="hidden"><button>Inside</button></div>
      <dialog id="closed"><p>Closed</p></dialog>
      <dialog open id="open"><p>Open</p></dialog>
      <input type="hidden" id="input" />
      <table><tbody><tr hidden id="row"><td>Row</td></tr></tbody></table>`
    const style = (id: string) => getComputedStyle(document.getElementById(id)!)
    expect(style('hidden').display).toBe('none')
    expect(style('closed').display).toBe('none')
    expect(style('open').display).not.toBe('none')
    expect(style('input').display).toBe('none')
    expect(style('row').visibility).toBe('collapse')
    expect(document.querySelector('#hidden button')).not.toBeVisible()
  })

  it("leaves out the browser sheet's layout rules, which only cost time here", () => {
    document.body.innerHTML = '<div id="box"></div>'
    expect(getComputedStyle(document.getElementById('box')!).display).not.toBe('block')
  })

  it('keeps every rule of the browser sheet that hides, and no other', () => {
    const kept = hidingRules(readFileSync(BROWSER_STYLESHEET, 'utf8'))
    expect(kept).toMatch(/\[hidden\]:not\(\[hidden=until-found i\]\):not\(embed\)\s*\{\s*display:\s*none/)
    expect(kept).toMatch(/dialog:not\(\[open\]\)\s*\{\s*display:\s*none/)
    expect(kept).toMatch(/noscript\s*\{\s*display:\s*none !important/)
    expect(kept).not.toMatch(/display:\s*block/)
  })

  it('prints the page once into the error of a findBy that gives up, and not into the misses before', async () => {
    document.body.innerHTML = '<p>Present</p>'
    const error = (await screen.findByText('Absent', {}, { timeout: 100 }).catch((e: unknown) => e)) as Error
    expect(error.name).toBe('TestingLibraryElementError')
    expect(error.message).toMatch(/^Unable to find an element with the text: Absent\./)
    expect(error.message.match(/Present/g)).toHaveLength(1)
  })
})
