import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testDataDir } from './data-dir.js';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * src/server.ts in a process of its own, as ops run it: on loopback, logging at info, the change poll
 * quiet, with a data directory of its own (`removeData` once it has exited). `env` goes on top;
 * `inherited` is the environment it starts from.
 */
export function spawnServer(env: Record<string, string>, inherited: NodeJS.ProcessEnv = process.env) {
  const data = testDataDir(undefined);
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: gatewayDir,
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      CHANGE_POLL_MS: '60000',
      DATA_DIR: data.dir,
      ...env,
    },
  });
  return { proc, removeData: () => data.remove() };
}
