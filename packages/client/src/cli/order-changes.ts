import { TRPCClientError } from '@trpc/client';
import { type Order, type OrdersFilter, orderMatchesFilter } from '@waybill/contracts';

/**
 * What one changed order prints: one JSON line.
 * - `added`: now among the watched orders (the first N matching): it matches now, or moved up;
 * - `changed`: a watched order's status or updated_at moved;
 * - `removed`: left the matching orders (no longer matches the filter, or is gone);
 * - `moved-out`: still matches, but others took its place among the first N.
 * `removed` and `moved-out` carry the newest row known, not the one last printed.
 */
export interface OrderChangeLine {
  change: 'added' | 'changed' | 'removed' | 'moved-out';
  uid: string;
  reference: string | null;
  status: string | null;
  updated_at: string | null;
}

export interface Watched {
  uid: string;
  reference?: string | null;
  updated_at?: string | null;
  aggregated_status?: { key?: string | null } | null;
}

/** An order's newest row; null when it is gone (or no longer ours to see); undefined when unknown now. */
export type NewestRow = (uid: string) => Promise<Order | null | undefined>;

function lineOf(change: OrderChangeLine['change'], order: Watched): OrderChangeLine {
  return {
    change,
    uid: order.uid,
    reference: order.reference ?? null,
    status: order.aggregated_status?.key ?? null,
    updated_at: order.updated_at ?? null,
  };
}

function moved(before: Watched, after: Watched): boolean {
  return (
    before.updated_at !== after.updated_at || before.aggregated_status?.key !== after.aggregated_status?.key
  );
}

/**
 * `orders.detail` as a NewestRow: a gateway that answers NOT_FOUND or FORBIDDEN says it is gone.
 * Any other failure leaves the row unknown, and `unknown` hears why.
 */
export function newestRowFrom(
  detail: (uid: string) => Promise<{ order: Order }>,
  unknown: (uid: string, error: unknown) => void = () => {},
): NewestRow {
  return (uid) =>
    detail(uid).then(
      ({ order }) => order,
      (error: unknown) => {
        const code =
          error instanceof TRPCClientError ? (error.data as { code?: unknown } | null)?.code : null;
        if (code === 'NOT_FOUND' || code === 'FORBIDDEN') return null;
        unknown(uid, error);
        return undefined;
      },
    );
}

/**
 * The watched window of orders, and what each new state of it means. A window holds the first N
 * matching orders only, so an order missing from the next state may have left the matching orders
 * or only been pushed down: its newest row, judged by the console's matching rule
 * (orderMatchesFilter), tells which. Diffing states rather than printing patches keeps a resume
 * exact: whether the gateway replays what was missed or sends a fresh snapshot, only what differs
 * from what was printed comes out.
 */
export class WatchedOrders {
  private rows: Map<string, Watched>;
  /** Gone from the window, not yet known why (their newest row could not be read yet). */
  private readonly departed = new Map<string, Watched>();

  constructor(
    first: readonly Watched[],
    private readonly filter: OrdersFilter,
    private readonly newest: NewestRow,
  ) {
    this.rows = new Map(first.map((row) => [row.uid, row]));
  }

  async next(rows: readonly Watched[]): Promise<OrderChangeLine[]> {
    const lines: OrderChangeLine[] = [];
    const window = new Map(rows.map((row) => [row.uid, row]));
    for (const row of rows) {
      const had = this.rows.get(row.uid) ?? this.departed.get(row.uid);
      if (!had) lines.push(lineOf('added', row));
      else if (moved(had, row)) lines.push(lineOf('changed', row));
      this.departed.delete(row.uid);
    }
    for (const [uid, row] of this.rows) if (!window.has(uid)) this.departed.set(uid, row);
    this.rows = window;
    const departed = [...this.departed];
    // Read together: tRPC sends the calls of one tick as one batch.
    const newest = await Promise.all(departed.map(([uid]) => this.newest(uid)));
    departed.forEach(([uid, last], i) => {
      const row = newest[i];
      if (row === undefined) return;
      this.departed.delete(uid);
      const stillMatches = row !== null && orderMatchesFilter(row, this.filter, new Date());
      lines.push(lineOf(stillMatches ? 'moved-out' : 'removed', row ?? last));
    });
    return lines;
  }
}
