import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's version from its package.json: the nearest one above this module that declares the
 * `waybill` command, which is `..` from the bundled dist/cli.js and `../..` from the sources.
 */
export function packageVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        bin?: Record<string, string>;
        version?: string;
      };
      if (pkg.bin?.waybill && pkg.version) return pkg.version;
    } catch {
      // No package.json here: look further up.
    }
    if (dir === path.dirname(dir)) return 'unknown';
  }
}
