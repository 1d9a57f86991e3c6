/**
 * Compiles a server app to dist/server.js (and the chunks its dynamic imports load), which the images run with plain
 * `node`: no TypeScript loader at run time, so nothing is transpiled into /tmp and no esbuild child
 * process starts (the containers run on a read-only root filesystem).
 *   node scripts/build-server.mjs apps/gateway
 * The app's sources and the workspace packages it imports (whose exports point at TypeScript sources)
 * are bundled; its npm dependencies stay imports, loaded from its node_modules as under tsx.
 */
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const [appArg] = process.argv.slice(2);
if (!appArg) {
  console.error('usage: node scripts/build-server.mjs <app directory, like apps/gateway>');
  process.exit(2);
}
const appDir = path.resolve(root, appArg);
const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
const runtimeDependencies = new Set(Object.keys(pkg.dependencies ?? {}));

/** `@scope/name/sub/path` -> `@scope/name`, `name/sub` -> `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * npm packages stay external; a workspace package is bundled. An import of a package that is not one
 * of the app's production dependencies fails the build: the image (a `pnpm deploy --prod`) lacks it.
 */
const dependencies = {
  name: 'runtime-dependencies',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, ({ path: specifier, importer }) => {
      if (isBuiltin(specifier)) return { external: true };
      const name = packageOf(specifier);
      if (!runtimeDependencies.has(name)) {
        const from = path.relative(root, importer);
        return { errors: [{ text: `${from} imports ${specifier}, not a dependency of ${pkg.name}` }] };
      }
      return name.startsWith('@waybill/') ? undefined : { external: true };
    });
  },
};

await build({
  absWorkingDir: appDir,
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  bundle: true,
  // A dynamic import stays one (its own chunk): the gateway's server.ts starts tracing before its app's
  // modules, and their npm imports, load.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Readable stack traces: names and layout kept.
  minify: false,
  legalComments: 'none',
  plugins: [dependencies],
  logLevel: 'warning',
});
