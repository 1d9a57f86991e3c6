/**
 * Builds the publishable package into dist/: runnable JS (contracts' runtime inlined, so the tarball
 * needs no workspace package) and one index.d.ts with the gateway's router type and the contracts types
 * it names bundled in. tsc 7 emits JS and declarations into a scratch folder; rollup bundles the JS,
 * rollup-plugin-dts the declarations (it needs a compiler API, which tsc 7 lacks: @typescript/typescript6).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const here = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(here, 'dist');
/** What the published files may import: the package's own dependencies and Node's modules. */
const RUNTIME_IMPORTS = /^(node:.*|@trpc\/client|@trpc\/server(\/.*)?|ws|zod(\/.*)?)$/;

const stage = await mkdtemp(path.join(tmpdir(), 'waybill-client-build-'));
try {
  const tsc = path.join(here, 'node_modules/typescript/bin/tsc');
  // --singleThreaded: tsc 7.0.2's parallel emit, on a busy machine, sometimes exits 0 having written
  // only part of the files (3 runs in 40 beside a busy process here; none in 40 single-threaded).
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--singleThreaded', '--outDir', stage], {
    cwd: here,
    stdio: 'inherit',
  });
  const staged = (file) => path.join(stage, file);
  const workspace = (ext) => ({
    name: 'waybill-workspace',
    resolveId(source) {
      if (source === '@waybill/contracts') return staged(`packages/contracts/src/index.${ext}`);
      if (source === '@waybill/gateway/router') return staged(`apps/gateway/src/router.${ext}`);
      if (source.startsWith('@waybill/')) throw new Error(`unexpected workspace import ${source}`);
      return null;
    },
  });
  const external = (id) => RUNTIME_IMPORTS.test(id);
  const strict = (warning, warn) => {
    if (warning.code === 'UNRESOLVED_IMPORT') throw new Error(warning.message);
    warn(warning);
  };

  await rm(dist, { recursive: true, force: true });
  const js = await rollup({
    input: {
      index: staged('packages/client/src/index.js'),
      cli: staged('packages/client/src/cli.js'),
    },
    plugins: [workspace('js')],
    external,
    onwarn: strict,
  });
  await js.write({ dir: dist, format: 'es', chunkFileNames: '[name]-[hash].js' });
  await js.close();

  // The router's context type (Fastify request, services) means nothing to a client: cut it out.
  await writeFile(staged('apps/gateway/src/context.d.ts'), 'export interface Context {}\n');
  const types = await rollup({
    input: staged('packages/client/src/index.d.ts'),
    plugins: [workspace('d.ts'), dts({ respectExternal: true })],
    // Gateway internals import server packages; only names the router type uses end up in the
    // bundle, and the check below refuses any import outside the package's dependencies.
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('@waybill/'),
  });
  await types.write({ file: path.join(dist, 'index.d.ts'), format: 'es' });
  await types.close();

  const bundled = await readFile(path.join(dist, 'index.d.ts'), 'utf8');
  const imports = [...bundled.matchAll(/(?:from |import\()['"]([^'"]+)['"]/g)].map((m) => m[1]);
  const stray = imports.filter((id) => !RUNTIME_IMPORTS.test(id));
  if (stray.length) throw new Error(`dist/index.d.ts imports ${[...new Set(stray)].join(', ')}`);
} finally {
  await rm(stage, { recursive: true, force: true });
}
