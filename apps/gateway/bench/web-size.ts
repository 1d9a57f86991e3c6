import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzip size of the JavaScript the console's index.html loads up front (entry + modulepreloads). */
export async function webInitialJs(): Promise<number | null> {
  const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    console.error(
      'web_initial_js_kb_gzip skipped: apps/web/dist is not built (pnpm --filter @waybill/web build)',
    );
    return null;
  }
  const html = readFileSync(index, 'utf8');
  const scripts = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  let bytes = 0;
  for (const src of new Set(scripts))
    bytes += gzipSync(readFileSync(join(dist, src.replace(/^\//, '')))).length;
  return bytes / 1024;
}
