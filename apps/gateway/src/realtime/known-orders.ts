import type { Order } from '@waybill/contracts';

/** An order as one change event carries it, with the state the gateway saw before (null: none). */
export interface OrderChange {
  before: Order | null;
  after: Order;
}

/**
 * The last state of the orders the change poll saw, so a change can be matched against what the
 * order was as well as what it is (an order leaving a filter touches that filter's lists). Bounded:
 * past `capacity`, the orders seen longest ago are forgotten, and their next change counts as
 * first seen (matched conservatively).
 */
export class KnownOrders {
  private readonly orders = new Map<string, Order>();

  constructor(private readonly capacity = 20_000) {}

  /**
   * Pairs each changed order with its last known state, and remembers the new one. An order the poll
   * has not seen yet is paired with the row a live list shows for it (`listed`), when one does: that
   * row is what the order was, since every change after the list's read reaches the poll.
   */
  changes(
    orders: readonly Order[],
    listed: (uid: string) => Order | undefined = () => undefined,
  ): OrderChange[] {
    return orders.map((after) => {
      const before = this.orders.get(after.uid) ?? listed(after.uid) ?? null;
      this.orders.delete(after.uid);
      this.orders.set(after.uid, after);
      if (this.orders.size > this.capacity) this.orders.delete(this.orders.keys().next().value!);
      return { before, after };
    });
  }
}
