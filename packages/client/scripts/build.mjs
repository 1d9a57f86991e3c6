/**
 * Builds the publishable package into dist/: runnable JS (contracts' and tRPC's runtime inlined, so the
 * tarball needs no workspace package and no tRPC package, whose peer dependency on `typescript` would
 * make npm install a compiler) and one index.d.ts with the gateway's router type, the contracts types
 * it names and tRPC's client types bundled in. tsc 7 emits JS and declarations into a scratch folder; rollup bundles the JS,
 * rollup-plugin-dts the declarations (it needs a compiler API, which tsc 7 lacks: @typescript/typescript6).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const here = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(here, 'dist');
/** What the published files may import: the package's own dependencies and Node's modules. */
const RUNTIME_IMPORTS = /^(node:.*|ws|zod(\/.*)?)$/;
const TRPC_IMPORT = /^(@trpc\/(?:client|server))(\/.*)?$/;

/**
 * `@trpc/client` / `@trpc/server[/entry]` to the file its `import` export names (`types` for the
 * declarations), looked up in the node_modules folders above the importer as Node would.
 */
function trpcFile(source, importer, condition) {
  const [, name, entry = ''] = source.match(TRPC_IMPORT);
  for (let dir = path.dirname(importer ?? path.join(here, 'x')); ; dir = path.dirname(dir)) {
    const pkgDir = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(pkgDir, 'package.json'))) {
      const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
      const target = pkg.exports?.[`.${entry}`]?.import?.[condition];
      if (!target) throw new Error(`${source} has no ${condition} export for import`);
      return path.join(pkgDir, target);
    }
    if (dir === path.dirname(dir)) throw new Error(`cannot find ${name} from ${importer}`);
  }
}

const bundleTrpc = (condition) => ({
  name: 'waybill-bundle-trpc',
  resolveId(source, importer) {
    if (!TRPC_IMPORT.test(source)) return null;
    // The staged files sit in a scratch folder with no node_modules: look from this package instead.
    const from = importer && !importer.startsWith(stage) ? importer : path.join(here, 'src/index.ts');
    return trpcFile(source, from, condition);
  },
});

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
    plugins: [workspace('js'), bundleTrpc('default')],
    external,
    onwarn: strict,
    // The code cli.js shares with index.js stays in index.js (exported under extra names there),
    // not in a third chunk: dist/ is index.js, cli.js and index.d.ts.
    preserveEntrySignatures: 'allow-extension',
  });
  await js.write({ dir: dist, format: 'es', chunkFileNames: '[name]-[hash].js' });
  await js.close();

  // The router's context type (Fastify request, services) means nothing to a client: cut it out.
  await writeFile(staged('apps/gateway/src/context.d.ts'), 'export interface Context {}\n');
  const types = await rollup({
    input: staged('packages/client/src/index.d.ts'),
    plugins: [workspace('d.ts'), bundleTrpc('types'), dts({ respectExternal: true })],
    // Gateway internals import server packages; only names the router type uses end up in the
    // bundle, and the check below refuses any import outside the package's dependencies.
    external: (id) =>
      !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('@waybill/') && !TRPC_IMPORT.test(id),
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
