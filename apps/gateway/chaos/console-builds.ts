import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

/**
 * The console's production build into `outDir`, each chunk ending in a comment naming `build`: two
 * builds of the same sources then differ in every chunk's content, so in every hashed file name, as
 * two releases do. The comment is added after minification (rolldown's postBanner).
 */
async function buildConsole(dir: string, build: string): Promise<string> {
  const outDir = join(dir, build);
  const config = join(dir, `${build}.vite.config.mts`);
  await writeFile(
    config,
    [
      `import { mergeConfig } from ${JSON.stringify(join(webDir, 'node_modules/vite/dist/node/index.js'))};`,
      `import base from ${JSON.stringify(join(webDir, 'vite.config.ts'))};`,
      `export default mergeConfig(base, { build: { rolldownOptions: { output: { postBanner: ${JSON.stringify(`/* ${build} */`)} } } } });`,
      '',
    ].join('\n'),
  );
  let output = '';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      'pnpm',
      [
        'exec',
        'vite',
        'build',
        '--config',
        config,
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      // vite bundles React's development build unless NODE_ENV says production.
      {
        cwd: webDir,
        env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the console build ${build} failed (${code}):\n${output}`);
  return outDir;
}

export interface ConsoleBuilds {
  /** What the gateways serve first. */
  current: string;
  /** The redeploy's build: same sources, every chunk name different. */
  next: string;
  remove(): Promise<void>;
}

/** Both releases, built one after the other (the machine has two cores, shared). */
export async function buildConsoles(): Promise<ConsoleBuilds> {
  const dir = await mkdtemp(join(tmpdir(), 'waybill-chaos-web-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const current = await buildConsole(dir, 'release-1');
    const next = await buildConsole(dir, 'release-2');
    const chunks = async (d: string) => new Set(await readdir(join(d, 'assets')));
    const before = await chunks(current);
    const shared = [...(await chunks(next))].filter((name) => name.endsWith('.js') && before.has(name));
    if (shared.length > 0) throw new Error(`the two console builds share chunk names: ${shared.join(', ')}`);
    return { current, next, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
