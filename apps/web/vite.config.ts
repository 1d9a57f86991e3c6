import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

/** Writes .br and .gz next to each built JS and CSS file; the gateway serves them pre-compressed. */
function precompress(): Plugin {
  return {
    name: 'waybill-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(file) || !options.dir) continue;
        const path = join(options.dir, file);
        const body = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
