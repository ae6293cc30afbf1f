import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Files that spend most of their time waiting (on server processes they start, on real time
 * limits): about 20 s each, little of it on the CPU. Started first in their project, their waiting
 * overlaps the other files' work. Vitest orders files by the last run's durations, which puts
 * them first anyway, but a fresh clone (CI) has no last run and gets the largest files first,
 * and these short files then ended the run with the CPUs idle.
 */
const WAITING_FILES = new Set(['npm-start', 'shutdown', 'listening', 'health', 'webhooks-kill'].map((name) => `test/server/${name}.test.ts`))

export class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const waits = (file: TestSpecification) => WAITING_FILES.has(relative(file.project.config.root, file.moduleId))
    const projectStart = new Map<string, number>()
    sorted.forEach((file, index) => projectStart.has(file.project.name) || projectStart.set(file.project.name, index))
    // Within each project the waiting files, then the rest, each in the base order (sort is stable).
    return [...sorted].sort(
      (a, b) => projectStart.get(a.project.name)! - projectStart.get(b.project.name)! || Number(!waits(a)) - Number(!waits(b)),
    )
  }
}
