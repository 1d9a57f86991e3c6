import type { SpawnOptions } from 'node:child_process';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}
export function run(
  command: string,
  args: string[],
  options?: SpawnOptions & { input?: string },
): Promise<Run>;
export function npmInstallOffline(cwd: string, specs: string[]): Promise<Run>;
export function installPackedClient(
  extra?: string[],
): Promise<{ consumer: string; tarball: string; remove: () => Promise<void> }>;
