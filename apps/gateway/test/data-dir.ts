import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A gateway's DATA_DIR for a test: the one the test gives (kept: the test owns it), else a fresh
 * temp dir removed with `remove`, so no two gateways share a store and nothing lands in .data.
 */
export function testDataDir(given: string | undefined): { dir: string; remove(): Promise<void> } {
  if (given) return { dir: given, remove: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'waybill-data-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
