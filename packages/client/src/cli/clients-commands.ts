import type { WaybillClient } from '../index.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import type { CommandOutput } from './output.js';

/**
 * The stores needing attention (store health), each with its structured reasons and the console's
 * words for them: what a script alerts on. Exit code 6 when there is any.
 */
export async function storesNeedingAttention(
  client: WaybillClient,
): Promise<CommandOutput & { exitCode: ExitCode }> {
  const report = await client.clients.health.query();
  client.close();
  const stores = report.stores.map((s) => ({
    uid: s.uid,
    store: s.name,
    reasons: s.reasons,
    reason: s.reasonText,
  }));
  return {
    document: { checkedAt: report.checkedAt, checked: report.checked, truncated: report.truncated, stores },
    items: stores,
    rows: stores.map(({ uid, store, reason }) => ({ uid, store, reason })),
    exitCode: stores.length > 0 ? EXIT.problemsFound : EXIT.ok,
  };
}
