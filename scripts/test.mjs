#!/usr/bin/env node
// `npm test` / `pnpm test`: brings what the suites need (pnpm, dependencies, Chromium, redis-server, nginx),
// runs every suite (unit, integration, browser) with vitest and prints one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureConsumerCache } from '../packages/client/scripts/consumer-cache.mjs';
import { ensureDependencies, ensurePnpm, ensureSupportedNode, ensureSystemPrograms } from './bootstrap.mjs';

const root = new URL('..', import.meta.url).pathname;
const suites = [
  { name: 'contracts', dir: 'packages/contracts' },
  { name: 'backend-sim', dir: 'apps/backend-sim' },
  { name: 'gateway', dir: 'apps/gateway' },
  { name: 'client', dir: 'packages/client' },
  { name: 'web', dir: 'apps/web' },
  { name: 'web-e2e', dir: 'apps/web', config: 'vitest.e2e.config.ts' },
].filter(
  (s) =>
    existsSync(join(root, s.dir, 'package.json')) && (!s.config || existsSync(join(root, s.dir, s.config))),
);

await ensureSupportedNode();
const only = process.argv.slice(2);
const needs = (name) => only.length === 0 || only.includes(name);
// Checked before anything runs, so a missing program stops the run with one clear message.
ensureSystemPrograms([
  ...(needs('web-e2e') ? ['chromium'] : []),
  ...(needs('gateway') ? ['redis-server', 'nginx', 'prometheus'] : []),
]);
ensurePnpm();
ensureDependencies();
// The client's tarball test installs with npm --offline: its registry packages are fetched here.
if (needs('client')) ensureConsumerCache();
const outDir = join(root, 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const broken = [];
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue;
  const report = join(outDir, `${suite.name}.json`);
  const args = [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  if (suite.config) args.push('--config', suite.config);
  console.log(`\n=== ${suite.name} ===`);
  const run = spawnSync('pnpm', args, { cwd: join(root, suite.dir), stdio: 'inherit' });
  if (!existsSync(report)) {
    broken.push(suite.name);
    failed += 1;
    continue;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + (result.numTodoTests ?? 0);
  if (run.status !== 0 && result.numFailedTests === 0) {
    // A suite that failed outside its tests (a file that did not load, an unhandled error).
    broken.push(suite.name);
    failed += 1;
  }
}
if (broken.length) console.log(`\nsuites that failed to run cleanly: ${broken.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
