import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder shared by the run's workers: a screen axe has checked leaves a file here (test/web/axe.ts). */
    axeCheckedScreens: string
  }
}

/** Runs once for the web suite, so that every worker sees which screens another one checked. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'petcare-axe-'))
  project.provide('axeCheckedScreens', dir)
  return () => rm(dir, { recursive: true, force: true })
}
