import { demoPictureSource } from '../../../server/seed/demo-pictures'
import type { TestApp } from './test-app'

/** The origin `app.request` gives a bare path, so the one the test app's uploads are addressed at. */
export const TEST_ORIGIN = 'http://localhost'

/** The demo pictures, stored in the test app's storage when first asked for. */
export const demoPicturesOf = (t: Pick<TestApp, 'storage'>) => demoPictureSource(t.storage, TEST_ORIGIN)
