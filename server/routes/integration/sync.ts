import { Hono } from 'hono'
import { INTEGRATION_MSG, NDJSON_MEDIA_TYPE, SYNC_LINE_MAX_CHARS } from '../../../contract/integration'
import { ApiError } from '../../api-error'
import type { Deps } from '../../deps'
import type { AppContext, AppEnv } from '../../http/env'
import { permitToken } from '../../http/token-auth'
import { integrationSchemas } from '../../integration/images'
import { upsertPets } from '../../integration/pets'
import { syncRecords, type SyncKind } from '../../integration/sync'
import { upsertUsers } from '../../integration/users'

/**
 * The answer of a bulk sync: NDJSON, streamed as it is made. The body is read only as fast as the
 * client takes the answer (the stream is pulled), so neither waits in memory.
 */
function syncAnswer<T extends { externalId: string }>(c: AppContext, { db, config }: Deps, kind: SyncKind<T>): Response {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (mediaType !== NDJSON_MEDIA_TYPE) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', INTEGRATION_MSG.mediaType)
  const body = c.req.raw.body ? chunksOf(c.req.raw.body) : emptyBody()
  const answer = syncRecords(db, body, kind, { chunkRows: config.syncChunkRows, concurrency: config.syncConcurrency, lineMaxChars: SYNC_LINE_MAX_CHARS })
  const encoder = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await answer.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      // The client went away: stop reading its body (a chunk being written still commits).
      async cancel() {
        await answer.return(undefined)
      },
    },
    { highWaterMark: 0 },
  )
  return new Response(stream, {
    status: 200,
    headers: { 'Content-Type': `${NDJSON_MEDIA_TYPE}; charset=utf-8`, 'Cache-Control': 'no-store' },
  })
}

async function* emptyBody(): AsyncGenerator<Uint8Array> {}

/** A request body's chunks as they arrive; stopping early cancels the rest of the body. */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader()
  let done = false
  try {
    for (;;) {
      const next = await reader.read()
      if (next.done) break
      yield next.value
    }
    done = true
  } finally {
    if (!done) await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
}

/** POST /integration/sync/users and /sync/pets: a first import, or any later full sync (NDJSON, one record a line). */
export const integrationSyncRoutes = (deps: Deps) => {
  const { appUserSyncLine, petSyncLine } = integrationSchemas(deps.storage)
  return new Hono<AppEnv>()
    .post('/sync/users', permitToken('users:write'), (c) => syncAnswer(c, deps, { line: appUserSyncLine, write: upsertUsers }))
    .post('/sync/pets', permitToken('pets:write'), (c) => syncAnswer(c, deps, { line: petSyncLine, write: upsertPets }))
}
