import { demoPictureSource } from '../../../server/seed/demo-pictures'
import type { TestApp } from './test-app'

/** The demo pictures, stored in the test app's storage when first asked for. */
export const demoPicturesOf = (t: Pick<TestApp, 'storage'>) => demoPictureSource(t.storage)
