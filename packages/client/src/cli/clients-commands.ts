import type { WaybillClient } from '../index.js';

/** One line per store needing attention (store health): what a script alerts on. */
export async function storesNeedingAttention(client: WaybillClient) {
  const report = await client.clients.health.query();
  client.close();
  return {
    checkedAt: report.checkedAt,
    checked: report.checked,
    stores: report.stores.map((s) => ({ uid: s.uid, store: s.name, reason: s.reasonText })),
  };
}
