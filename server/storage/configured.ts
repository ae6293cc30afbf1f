import { join } from 'node:path'
import type { ServerConfig } from '../config'
import { diskStorage } from './disk'
import { s3Storage } from './s3'
import { loadOrCreateUploadSecret } from './secret'
import type { Storage } from './storage'

/** S3 when S3_BUCKET is set; otherwise files on disk, under DATA_DIR/uploads, served by this server. */
export function configuredStorage(config: Pick<ServerConfig, 's3' | 'uploadSecret' | 'dataDir'>): Storage {
  if (config.s3) return s3Storage(config.s3)
  const secret = config.uploadSecret ?? loadOrCreateUploadSecret(join(config.dataDir, 'upload-secret'))
  return diskStorage(join(config.dataDir, 'uploads'), { secret })
}
