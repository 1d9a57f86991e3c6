import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

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

/**
 * The entry only paints the boot header, then imports the console (src/main.tsx). Its chunks and
 * styles go into index.html as they would for a static import, so the page fetches them at once and
 * the styles still block the first paint (no flash of unstyled console).
 */
function preloadConsole(): Plugin {
  return {
    name: 'waybill-preload-console',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || scripts.has(file)) return;
          scripts.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const file of entry.dynamicImports) visit(file);
        const listed = (file: string) => html.includes(`/${file}"`);
        const tag = (attrs: HtmlTagDescriptor['attrs']): HtmlTagDescriptor => ({
          tag: 'link',
          attrs,
          injectTo: 'head',
        });
        return [
          ...[...scripts]
            .filter((file) => file !== entry.fileName && !listed(file))
            // Low: the first paint needs the styles, not the console's code.
            .map((file) =>
              tag({ rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` }),
            ),
          ...[...styles]
            .filter((file) => !listed(file))
            .map((file) => tag({ rel: 'stylesheet', crossorigin: true, href: `/${file}` })),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadConsole()],
  server: {
    proxy: {
      // Queries, mutations and the subscription websocket all live under /trpc on the gateway.
      '/trpc': { target: GATEWAY, ws: true, changeOrigin: false },
      // Files the gateway streams from the backend: export workbooks and shipping labels.
      '/exports': { target: GATEWAY, changeOrigin: false },
      '^/orders/[^/]+/labels/': { target: GATEWAY, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 750,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the line that turns its eval probe off share a chunk, so the setting is in place
          // before any schema is built (the CSP allows no eval; the probe alone is a violation).
          groups: [
            {
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/,
              priority: 2,
            },
            // The entry's only import, so that it can paint before the console is evaluated.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 2 },
            // The console and everything it imports statically stay one chunk, as they were when
            // the entry imported them: the lazy screens' chunks import from it.
            { name: 'console', test: /[\\/]src[\\/]app[\\/]mount\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
