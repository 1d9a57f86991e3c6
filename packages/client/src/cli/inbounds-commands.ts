import { DEFAULT_INBOUNDS_FILTER } from '@waybill/contracts';
import type { RouterOutputs } from '@waybill/gateway/router';
import type { WaybillClient } from '../index.js';
import type { StoredSession } from './config-file.js';
import { fetchDownload, saveDownload } from './download.js';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { followExport } from './export-follow.js';
import { requestTimeoutMs } from './gateway.js';
import { checkWritable } from './out-file.js';

type Inbound = RouterOutputs['inbounds']['search']['inventory_receipts'][number];

/** The one inbound whose reception name (or external number) is exactly `reception`. */
export async function inboundByReception(client: WaybillClient, reception: string): Promise<Inbound> {
  const filter = {
    ...DEFAULT_INBOUNDS_FILTER,
    searchTerm: reception,
    activeInbounds: 'all' as const,
    displayPriorities: [],
  };
  const page = await client.inbounds.search.query({ filter, window: { skip: 0, limit: 100 } });
  const wanted = reception.toLowerCase();
  const exact = page.inventory_receipts.filter(
    (i) => i.name.toLowerCase() === wanted || i.external_data?.identifier?.toLowerCase() === wanted,
  );
  if (exact.length === 0) throw new CliError(`No inbound has the reception "${reception}"`, EXIT.notFound);
  if (exact.length > 1)
    throw new CliError(
      `${exact.length} inbounds match the reception "${reception}": ${exact.map((i) => i.name).join(', ')}`,
    );
  return exact[0]!;
}

export async function exportInbound(
  client: WaybillClient,
  session: StoredSession,
  reception: string,
  out: string | undefined,
) {
  const file = out ?? `${reception}.xlsx`;
  await checkWritable(file);
  const inbound = await inboundByReception(client, reception);
  const started = await client.inbounds.export.start.mutate({ uid: inbound.uid });
  const bounds = { url: session.url, timeoutMs: requestTimeoutMs() };
  let finished: typeof started;
  try {
    finished =
      started.status === 'running' ? await followExport(client, started, inbound.name, bounds) : started;
  } finally {
    // Also when following failed: a websocket still trying the gateway again keeps the process alive.
    client.close();
  }
  if (finished.status === 'failed')
    throw new CliError(`The export failed: ${finished.error ?? 'no reason given'}`);
  if (!finished.downloadPath) throw new CliError('The gateway finished the export without a download path');
  const response = await fetchDownload(session.url, finished.downloadPath, session.token, bounds.timeoutMs);
  await saveDownload(response, file, bounds.timeoutMs);
  return { reception: inbound.name, inboundUid: inbound.uid, jobId: finished.jobId, file };
}
