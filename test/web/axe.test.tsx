import { render } from '@testing-library/react'
import { axeViolations, checkRenderedScreen, checkScreenWhenDone, describeViolations } from './axe'

/** The check every web test gets when it ends (setup.ts), tried on markup with known faults. */

function FaultyForm() {
  return (
    <main>
      <h1>Faulty</h1>
      <input type="text" />
      <button type="button">
        <svg aria-hidden="true" />
      </button>
    </main>
  )
}

describe('the axe check of rendered screens', () => {
  it('names the rule, its impact, the element and the help of each violation', async () => {
    render(<FaultyForm />)
    const report = describeViolations(await axeViolations())
    expect(report).toMatch(/^button-name \(critical\): Buttons must have discernible text https:\/\/dequeuniversity\.com\/\S+$/m)
    expect(report).toMatch(/^label \(critical\): Form elements must have labels /m)
    expect(report).toMatch(/^ {2}button$/m)
    expect(report).toMatch(/^ {2}input$/m)
  })

  it('fails the test that ends on a faulty screen, and checks each screen once per run', async () => {
    // A name of its own, so that a rerun in watch mode finds it unchecked again.
    const screenName = `the checker's own screen ${crypto.randomUUID()}`
    render(<FaultyForm />)
    checkScreenWhenDone(() => screenName)
    await expect(checkRenderedScreen({ testFailed: false })).rejects.toThrow(
      new RegExp(`^axe found accessibility faults on ${screenName} \\(narrow\\):\\nbutton-name \\(critical\\)`),
    )
    checkScreenWhenDone(() => screenName)
    await expect(checkRenderedScreen({ testFailed: false })).resolves.toBeUndefined()
  })

  it('says nothing more about a test that failed already', async () => {
    render(<FaultyForm />)
    checkScreenWhenDone(() => `a failed test's screen ${crypto.randomUUID()}`)
    await expect(checkRenderedScreen({ testFailed: true })).resolves.toBeUndefined()
  })
})
