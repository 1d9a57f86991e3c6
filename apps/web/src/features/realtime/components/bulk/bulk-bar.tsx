import type { FulfillmentCenter, Order } from '@waybill/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { rowSelection, useRowSelection } from './selection.js';

// The bar's actions and modals load on the first tick: nothing is ticked on the first screen
// (initial JS budget).
const BulkBarPanel = lazy(async () => ({ default: (await import('./bulk-bar-panel.js')).BulkBarPanel }));

/** Tells the selection which orders are listed; shows the bulk actions once an order is ticked. */
export function BulkBar({
  rows,
  fulfillmentCenters,
}: {
  rows: readonly Order[];
  fulfillmentCenters: ReadonlyMap<string, FulfillmentCenter>;
}) {
  const selection = useRowSelection();
  const [wanted, setWanted] = useState(false);
  useEffect(() => rowSelection.setListed(rows.map((o) => o.uid)), [rows]);
  // Leaving the screen drops the selection.
  useEffect(() => () => rowSelection.clear(), []);
  // Once loaded it stays mounted: it keeps a running bulk change's modal open after the ticks clear.
  if (!wanted && selection.ticked.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BulkBarPanel rows={rows} fulfillmentCenters={fulfillmentCenters} />
    </Suspense>
  );
}
