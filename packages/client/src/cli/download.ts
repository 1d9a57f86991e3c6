import { createWriteStream, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { RequestTimeoutError } from '../request-guard.js';
import { CliError, PROXY_UNREACHABLE } from './errors.js';
import { EXIT } from './exit-codes.js';
import { EXPORT_LOST } from './export-follow.js';
import { timeoutText } from './gateway.js';
import { partName } from './out-file.js';

/** The gateway's path under its URL, whose own path (a gateway behind `https://host/wb`) is kept. */
export function downloadUrl(gateway: string, downloadPath: string): URL {
  return new URL(`${gateway.replace(/\/+$/, '')}/${downloadPath.replace(/^\/+/, '')}`);
}

/**
 * A refused download, coded as any call's refusal is: a session ended meanwhile (idle timeout,
 * revoked) is 3; a proxy standing for a gateway that is away is 5; a finished export the gateway no
 * longer knows was lost (a restart), as while following it.
 */
export function downloadRefusal(status: number, detail: string): CliError {
  const refused = `The download was refused (${status}): ${detail}`;
  if (status === 401)
    return new CliError(
      `${refused}: the session has ended; sign in again (\`waybill login\`) and run the command again`,
      EXIT.auth,
    );
  if (status === 404) return new CliError(EXPORT_LOST, EXIT.backendUnavailable);
  if (PROXY_UNREACHABLE.has(status))
    return new CliError(`${refused}; run the command again`, EXIT.backendUnavailable);
  return new CliError(refused);
}

/** The finished export's file, bound by the request timeout until its answer starts (a big file may take longer). */
export async function fetchDownload(
  gateway: string,
  downloadPath: string,
  token: string,
  timeoutMs: number,
): Promise<Response> {
  const gaveUp = new AbortController();
  const timer = setTimeout(() => gaveUp.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(downloadUrl(gateway, downloadPath), {
      headers: { authorization: `Bearer ${token}` },
      signal: gaveUp.signal,
    });
  } catch (error) {
    throw gaveUp.signal.aborted ? new RequestTimeoutError(timeoutMs) : error;
  } finally {
    clearTimeout(timer);
  }
  if (response.ok && response.body) return response;
  const detail = (await response.json().catch(() => null)) as { message?: unknown } | null;
  throw downloadRefusal(
    response.status,
    typeof detail?.message === 'string' ? detail.message : response.statusText,
  );
}

/** The download stopped coming: no bytes for the request timeout. */
class Stalled extends Error {}

/**
 * Saves a download's body as `file`, through a temporary file renamed over it only once whole: a
 * download cut part-way leaves an existing `file` as it was, and no partial file behind. Gives up
 * when no bytes come for `idleMs`.
 */
export async function saveDownload(response: Response, file: string, idleMs: number): Promise<void> {
  const part = partName(file);
  // Ctrl-C or SIGTERM while saving: the temporary file goes, then the process ends by that signal as
  // it would have without this handler (a shell sees 130 or 143).
  const interrupted = (signal: NodeJS.Signals) => {
    rmSync(part, { force: true });
    stopHearing();
    process.kill(process.pid, signal);
  };
  const stopHearing = () => {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  const expected = Number(response.headers.get('content-length')) || null;
  let received = 0;
  const stop = new AbortController();
  let timer = setTimeout(() => stop.abort(new Stalled()), idleMs);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      clearTimeout(timer);
      timer = setTimeout(() => stop.abort(new Stalled()), idleMs);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(part, { flags: 'wx' }),
      { signal: stop.signal },
    );
    if (expected !== null && received !== expected) throw new Error('ended early');
    await rename(part, file);
  } catch (error) {
    await rm(part, { force: true });
    const { code, syscall } = error as NodeJS.ErrnoException;
    // File system errors name their call; the network's (undici's "terminated") do not.
    if (syscall) throw new CliError(`Cannot write ${file}: ${code ?? (error as Error).message}`);
    const size = expected === null ? `${received} bytes` : `${received} of ${expected} bytes`;
    const why =
      stop.signal.reason instanceof Stalled
        ? `nothing came for ${timeoutText(idleMs)}`
        : 'the connection was cut';
    throw new CliError(
      `The download broke off after ${size} (${why}): ${file} was not touched; run the command again`,
      EXIT.backendUnavailable,
    );
  } finally {
    clearTimeout(timer);
    stopHearing();
  }
}
