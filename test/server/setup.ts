import { resetTestUploads } from './helpers/test-app'

// The database stays open for the worker's life (files share it: isolate is off for this
// project); temporary upload folders go after each file.
afterAll(resetTestUploads)
