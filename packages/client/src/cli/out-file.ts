import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { usageError } from './errors.js';

/** A temporary name beside `file`: the same folder, so the final rename cannot cross file systems. */
export function partName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.part`);
}

function whyNot(error: unknown, dir: string): string {
  const { code } = error as NodeJS.ErrnoException;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return `${dir} is on a read-only file system`;
  return `cannot create a file in ${dir} (${code ?? (error as Error).message})`;
}

/**
 * Refuses an --out the download could not be saved as, before the export runs (it takes a while, and
 * the gateway does the job's work for nothing). The download's own temporary file is made and removed
 * here: only that says yes or no truly, as root, on a read-only file system or a special one (/proc,
 * /sys), where asking for write access answers yes.
 */
export async function checkWritable(file: string): Promise<void> {
  if (!file.trim()) throw usageError('--out needs a file name (got "")');
  const existing = await stat(file).catch(() => null);
  if (existing?.isDirectory()) throw usageError(`Cannot write ${file}: it is a folder`);
  // path.dirname drops a trailing slash: `new/` would be checked as the file `new` beside it.
  if (file.endsWith('/') || file.endsWith(path.sep))
    throw usageError(`Cannot write ${file}: it names a folder (ending in /), not a file`);
  const dir = path.dirname(path.resolve(file));
  const folder = await stat(dir).catch(() => null);
  if (!folder?.isDirectory()) throw usageError(`Cannot write ${file}: the folder ${dir} does not exist`);
  const part = partName(file);
  try {
    await (await open(part, 'wx')).close();
  } catch (error) {
    throw usageError(`Cannot write ${file}: ${whyNot(error, dir)}`);
  }
  await rm(part, { force: true });
}
