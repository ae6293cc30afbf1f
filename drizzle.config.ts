import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` uses this file: migrations are applied by the server at start-up
// (server/db/migrate.ts), never by `drizzle-kit migrate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
