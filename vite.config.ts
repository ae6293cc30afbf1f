import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url))
export const alias = { '@': dir('./src'), '@contract': dir('./contract') }

const apiPort = process.env.API_PORT ?? '3001'

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  resolve: { alias },
  server: {
    // `npm run dev`: Vite serves the SPA, the API runs beside it in watch mode.
    proxy: { '/api': `http://localhost:${apiPort}`, '/uploads': `http://localhost:${apiPort}` },
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true },
})
