import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { alias } from './vite.config.ts'
import { WaitingFilesFirst } from './test/waiting-files-first.ts'

// A young generation four times Node's default: the tests make short-lived objects fast (a page's
// DOM and React's fibers, a statement's rows), and collecting them took a good part of the web
// tests' time (figures: docs/DECISIONS.md, The test suite's time).
const WORKER_NODE_OPTIONS = ['--max-semi-space-size=64']

export default defineConfig({
  test: {
    // One worker more than there are CPUs: Vitest's default leaves one CPU idle (CPUs - 1), and a
    // web test's worker spends about a fifth of its time waiting on timers (debounces, waitFor),
    // which another worker can use (docs/DECISIONS.md, The test suite's time).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: WaitingFilesFirst },
    projects: [
      {
        plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: false }), react()],
        resolve: { alias },
        test: {
          name: 'web',
          globals: true,
          environment: './test/web/environment.ts',
          include: ['test/web/**/*.test.{ts,tsx}'],
          globalSetup: ['test/web/global-setup.ts'],
          execArgv: WORKER_NODE_OPTIONS,
          setupFiles: ['test/web/setup.ts'],
          // The route tree, React and the kit load once per worker instead of once per file
          // (about half the web project's time); setup.ts puts back every shared thing after
          // each test (msw handlers, storage, auth, toasts, the mock database).
          isolate: false,
          // A test takes about a second alone, but several times that on a machine busy with other
          // work (both CPUs shared): the limit is there to catch a hang, not to time the test.
          testTimeout: 30_000,
        },
      },
      {
        // The mock contract test (test/server/mock-contract.test.ts) loads the web tests' msw handlers, which import '@contract'.
        resolve: { alias },
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          // What only PostgreSQL can show (several server processes on one database) runs in the
          // PostgreSQL run (DATABASE_URL set, as CI does), not on the embedded database.
          exclude: process.env.DATABASE_URL?.trim() ? [] : ['test/server/**/*.pg.test.ts'],
          globalSetup: ['test/server/global-setup.ts'],
          execArgv: WORKER_NODE_OPTIONS,
          setupFiles: ['test/server/setup.ts'],
          // Server code keeps no module state, so test files may share a worker and its loaded
          // database (helpers/test-app.ts resets the data before every test).
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
