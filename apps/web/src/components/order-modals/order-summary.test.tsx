import { render, screen } from '@testing-library/react';
import { makeOrder } from '@waybill/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import { HoldActionsContext, HoldsContext } from '../holds/holds-context.js';
import { OrderSummary } from './order-summary.js';

const order = makeOrder({ uid: 'ord-1' });
const heldBy = (uid: string, name: string) => ({
  'ord-1': { orderUid: 'ord-1', holder: { uid, name }, since: '', lastActionAt: '' },
});

function renderSummary(holds: Record<string, unknown>, myUid: string) {
  return render(
    <HoldsContext.Provider value={holds as never}>
      <HoldActionsContext.Provider value={{ take: () => {}, release: () => {}, myUid }}>
        <OrderSummary order={order} merchant="Acme" warehouse={null} />
      </HoldActionsContext.Provider>
    </HoldsContext.Provider>,
  );
}

describe('the order summary of an action modal', () => {
  it('says who holds the order: a colleague by name, the user as "You", nobody with no row', () => {
    const { unmount } = renderSummary(heldBy('usr-2', 'Olivia Ops'), 'usr-1');
    expect(screen.getByTestId('order-summary-hold')).toHaveTextContent('Held byOlivia Ops');
    unmount();
    const mine = renderSummary(heldBy('usr-1', 'Dan Developer'), 'usr-1');
    expect(screen.getByTestId('order-summary-hold')).toHaveTextContent('Held byYou');
    mine.unmount();
    renderSummary({}, 'usr-1');
    expect(screen.queryByTestId('order-summary-hold')).toBeNull();
  });
});
