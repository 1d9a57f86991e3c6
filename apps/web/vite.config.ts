import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      // Queries, mutations and the subscription websocket all live under /trpc on the gateway.
      '/trpc': { target: GATEWAY, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the line that turns its eval probe off share a chunk, so the setting is in place
          // before any schema is built (the CSP allows no eval; the probe alone is a violation).
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/ },
          ],
        },
      },
    },
  },
});
