import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ClassicLevel, type DelOptions, type PutOptions } from 'classic-level';
import { ConfigError } from '../config.js';

/** What the store's files are; a DATA_DIR holding anything else is refused rather than mixed in. */
const FORMAT = 'waybill-gateway-store/1';
const FORMAT_KEY = 'format';

/**
 * For writes that must not come undone after a crash of the machine (a sign-in, a logout): fsync'd
 * before they resolve. Other writes reach the OS at once and survive a crash of the process.
 */
export const DURABLE: PutOptions<string, string> & DelOptions<string> = { sync: true };

/** A bad DATA_DIR (cannot be created, in use, corrupt): stops the gateway at start, naming it. */
export class DataDirError extends ConfigError {
  override name = 'DataDirError';
  constructor(dataDir: string, problem: string) {
    super(`Invalid gateway configuration:\n  DATA_DIR=${JSON.stringify(dataDir)}: ${problem}`);
  }
}

/** One named part of the store (sessions, sign-in states…): keys are strings, values JSON text. */
/**
 * What the gateway uses of one named part of the store (a LevelDB sublevel), named here so the
 * types the client package emits need nothing of classic-level's internals.
 */
export interface DataSection {
  get(key: string): Promise<string | undefined>;
  getSync(key: string): string | undefined;
  put(key: string, value: string, options?: PutOptions<string, string>): Promise<void>;
  del(key: string, options?: DelOptions<string>): Promise<void>;
  batch(operations: Array<{ type: 'del'; key: string }>): Promise<void>;
  keys(): AsyncIterable<string>;
  values(): AsyncIterable<string>;
  iterator(): AsyncIterable<[string, string]>;
}

/**
 * What a single-process gateway keeps across restarts, in one LevelDB database (classic-level)
 * under DATA_DIR. LevelDB holds a lock on it, so two processes never share one DATA_DIR; its write
 * log makes each write survive a crash of the process.
 */
export class DataStore {
  private constructor(
    private readonly db: ClassicLevel<string, string>,
    readonly dataDir: string,
  ) {}

  /** Opens (or creates) the store; every problem is a DataDirError saying what to do. */
  static async open(dataDir: string): Promise<DataStore> {
    await ensureDirectory(dataDir);
    const db = new ClassicLevel<string, string>(join(dataDir, 'gateway-store'));
    try {
      await db.open();
    } catch (error) {
      throw new DataDirError(dataDir, openProblem(error));
    }
    const store = new DataStore(db, dataDir);
    const meta = store.section('meta');
    const format = await meta.get(FORMAT_KEY).catch((error: unknown) => {
      throw new DataDirError(dataDir, `its store could not be read (${detail(error)})`);
    });
    if (format === undefined) await meta.put(FORMAT_KEY, FORMAT, DURABLE);
    else if (format !== FORMAT) {
      await db.close();
      throw new DataDirError(
        dataDir,
        `holds a store of another format (${JSON.stringify(format)}, expected ${FORMAT}): point DATA_DIR at another directory`,
      );
    }
    return store;
  }

  section(name: string): DataSection {
    return this.db.sublevel<string, string>(name, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}

async function ensureDirectory(dataDir: string): Promise<void> {
  try {
    // Only the gateway's user may read it: the store holds backend tokens.
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    if (!(await stat(dataDir)).isDirectory()) throw new Error('not a directory');
  } catch (error) {
    throw new DataDirError(dataDir, `cannot be used as a directory (${detail(error)})`);
  }
}

/** LevelDB's own words for a failed open ("IO error: lock …", "Corruption: …"), as advice. */
function openProblem(error: unknown): string {
  const why = detail(error);
  if (/already held|temporarily unavailable/i.test(why))
    return `is in use by another gateway process (${why}): one single-process gateway per DATA_DIR; several replicas need REDIS_URL`;
  if (/corrupt/i.test(why))
    return `its store is corrupt (${why}): restore it from a backup, or move it away to start with an empty one (everyone signs in again)`;
  return `its store cannot be opened (${why}): the directory must be writable by the gateway's user`;
}

function detail(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const text =
    cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}
