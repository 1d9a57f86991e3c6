import { act, renderHook, screen } from '@testing-library/react';
import { TRPCError } from '@trpc/server';
import type { PendingActionTicket } from '@waybill/contracts';
import { makeOrder } from '@waybill/contracts/test-fixtures';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { conflictOf } from '../lib/conflict.js';
import { ERROR_TEXT } from '../lib/errors.js';
import { type CallLog, type Handlers, inputsOf, TestProviders } from '../test/trpc-mock.js';
import { useOrderWrites } from './use-order-writes.js';

const ticket: PendingActionTicket = {
  actionId: 'act_1',
  commitAt: Date.now() + 10_000,
  windowMs: 10_000,
  jobId: null,
};
const order = makeOrder({ uid: 'ord-5', reference: 'SHOP-5', updated_at: '2026-03-01T10:00:00.000Z' });
const expected = { updatedAt: '2026-03-01T10:00:00.000Z', status: order.aggregated_status.key };
const happenedAt = new Date('2026-03-02T15:00:00.000Z');

function renderWrites(handlers: Handlers) {
  const log: CallLog[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders handlers={handlers} log={log}>
      {children}
    </TestProviders>
  );
  const { result } = renderHook(() => useOrderWrites(), { wrapper });
  return { writes: () => result.current, log };
}

/** Runs a write that is meant to fail and hands back what it threw. */
async function failureOf(write: () => Promise<unknown>): Promise<unknown> {
  let thrown: unknown;
  await act(async () => {
    await write().catch((error: unknown) => {
      thrown = error;
    });
  });
  return thrown;
}

const conflict = () =>
  new TRPCError({
    code: 'CONFLICT',
    message: 'The order changed since it was opened',
    cause: Object.assign(new Error('changed'), {
      conflict: { by: 'Olivia Ops', at: new Date().toISOString(), what: { kind: 'reissue' } },
    }),
  });

describe('useOrderWrites', () => {
  it('holds a status change with what the modal opened on and offers to undo it', async () => {
    const { writes, log } = renderWrites({ 'undo.changeStatus': () => ticket });
    let answer: PendingActionTicket | undefined;
    await act(async () => {
      answer = await writes().changeOrderStatus(order, 'shipping_delivered', happenedAt);
    });
    expect(answer).toEqual(ticket);
    expect(inputsOf(log, 'undo.changeStatus')).toEqual([
      { orderUid: 'ord-5', status: 'shipping_delivered', happenedAt: happenedAt.toISOString(), expected },
    ]);
    expect(await screen.findByText('Order #SHOP-5 marked as Delivered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('holds a reissue and offers to undo it, naming the boxes', async () => {
    const { writes, log } = renderWrites({ 'undo.reissueLabel': () => ticket });
    await act(async () => {
      await writes().reissueOrderLabel(order, 3);
    });
    expect(inputsOf(log, 'undo.reissueLabel')).toEqual([{ orderUid: 'ord-5', numberOfParcels: 3, expected }]);
    expect(await screen.findByText('Label reissued for #SHOP-5 (3 boxes)')).toBeInTheDocument();
  });

  it('"Save anyway" sends no expected state', async () => {
    const { writes, log } = renderWrites({
      'undo.changeStatus': () => ticket,
      'undo.reissueLabel': () => ticket,
    });
    await act(async () => {
      await writes().changeOrderStatus(order, 'lost', happenedAt, { force: true });
      await writes().reissueOrderLabel(order, 2, { force: true });
    });
    expect(inputsOf(log, 'undo.changeStatus')).toEqual([
      { orderUid: 'ord-5', status: 'lost', happenedAt: happenedAt.toISOString() },
    ]);
    expect(inputsOf(log, 'undo.reissueLabel')).toEqual([{ orderUid: 'ord-5', numberOfParcels: 2 }]);
  });

  it('says a failure that is not a conflict in plain words, and still rejects for the modal', async () => {
    const { writes } = renderWrites({
      'undo.changeStatus': () => {
        throw new TRPCError({ code: 'BAD_GATEWAY', message: 'The backend did not answer' });
      },
      'undo.reissueLabel': () => {
        throw new TRPCError({ code: 'BAD_GATEWAY', message: 'The backend did not answer' });
      },
    });
    expect(await failureOf(() => writes().changeOrderStatus(order, 'lost', happenedAt))).toBeInstanceOf(
      Error,
    );
    expect(await screen.findByText('Order #SHOP-5 was not changed')).toBeInTheDocument();
    expect(await failureOf(() => writes().reissueOrderLabel(order, 2))).toBeInstanceOf(Error);
    expect(await screen.findByText('The label of #SHOP-5 was not reissued')).toBeInTheDocument();
    // The console's own words, never the server's text.
    expect(screen.getAllByText(ERROR_TEXT.unreachable)).toHaveLength(2);
    expect(screen.queryByText('The backend did not answer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('leaves a conflict to the modal’s warning: rejected with who changed it, no toast', async () => {
    const { writes } = renderWrites({
      'undo.changeStatus': () => {
        throw conflict();
      },
      'undo.reissueLabel': () => {
        throw conflict();
      },
    });
    const statusFailure = await failureOf(() => writes().changeOrderStatus(order, 'lost', happenedAt));
    const reissueFailure = await failureOf(() => writes().reissueOrderLabel(order, 2));
    expect(conflictOf(statusFailure)).toMatchObject({ by: 'Olivia Ops' });
    expect(conflictOf(reissueFailure)).toMatchObject({ by: 'Olivia Ops' });
    expect(screen.queryByText(/was not (changed|reissued)/)).not.toBeInTheDocument();
    expect(screen.queryByText(/marked as|Label reissued/)).not.toBeInTheDocument();
  });
});
