import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeComment, makeOrder } from '../../../components/comments/test-fixtures.js';
import { resetMarkSeen } from '../../../components/comments/use-mark-seen.js';
import { type Handlers, renderRoutes } from '../../../test/trpc-mock.js';
import { OrderDetailRoute } from './order-detail-route.js';

const me = {
  user: {
    uid: 'user-1',
    name: 'Olivia Ops',
    department: 'customer_support',
    access_to: [],
    superadmin: false,
  },
};
const reference: Handlers = {
  'users.me': () => me,
  'users.all': () => ({ users: [] }),
  'reference.organizations': () => ({ organizations: [{ uid: 'org-1', name: 'Acme SRL' }] }),
  'reference.sellingChannels': () => ({
    selling_channels: [{ uid: 'sc-1', alias: 'acme.ro', name: 'Acme', kind: 'shopify', owner: null }],
  }),
  'reference.fulfillmentCenters': () => ({
    fulfillment_centers: [
      {
        uid: 'fc-1',
        name: 'Bucharest North',
        timezone: 'Europe/Bucharest',
        address: { country_code: 'RO' },
        display_address: { country_code: 'RO' },
        settings: { shipping: { requires_shipping_label: true } },
      },
    ],
  }),
};

function setup(path: string, detail: unknown, handlers: Handlers = {}) {
  return renderRoutes(
    [
      {
        path: '/realtime',
        element: (
          <>
            <p>Orders list</p>
            <Outlet />
          </>
        ),
        children: [{ path: 'order', element: <OrderDetailRoute /> }],
      },
    ],
    path,
    {
      handlers: { ...reference, 'orders.detail': () => detail, 'orders.live': () => undefined, ...handlers },
    },
  );
}

const detailOf = (order = makeOrder(), comments = [makeComment()]) => ({
  order,
  inventory_items: [],
  comments,
  thread: null,
  poc_1_workflow: null,
});

beforeEach(() => resetMarkSeen());

describe('order detail', () => {
  it('shows the header with placeholders, markers and the dark priority colour', async () => {
    setup(
      '/realtime/order?uid=ord-1',
      detailOf(makeOrder({ display_priority: 2, organization_uid: 'org-x' })),
    );
    const header = await screen.findByTestId('order-detail-header');
    expect(header).toHaveAttribute('data-colour', 'dark-orange');
    expect(within(header).getByText('#SHOP-1001')).toBeInTheDocument();
    expect(within(header).getByText('COD')).toBeInTheDocument();
    await waitFor(() => expect(within(header).getByText('Bucharest North (RO)')).toBeInTheDocument());
    expect(within(header).getByText('-')).toBeInTheDocument();
    expect(within(header).getByText('Sameday')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: /Track parcel TRK123/ })).toBeInTheDocument();
  });

  it('opens on comments by default and on history for delivered orders; other tabs are not implemented', async () => {
    setup('/realtime/order?uid=ord-1', detailOf());
    expect(await screen.findByRole('tab', { name: /Comments/ })).toHaveAttribute('aria-selected', 'true');
    // Its count is read apart from its name: "Comments, 2", not "Comments2".
    expect(screen.getByRole('tab', { name: /^Comments, ?1$/ })).toBeInTheDocument();
  });

  it('opens on history when delivered, with the timeline and elapsed times', async () => {
    const order = makeOrder({
      aggregated_status: { key: 'back_to_sender', date: '2024-05-03T08:00:00' },
      statuses_history: {
        aggregated_status: [
          { key: 'back_to_sender', priority: 5, date: '2024-05-03T08:00:00' },
          { key: 'ready_for_picking', priority: 3, date: '2024-05-01T09:00:00' },
        ],
      },
    });
    setup('/realtime/order?uid=ord-1', detailOf(order));
    expect(await screen.findByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    const entries = screen.getAllByTestId('history-entry');
    expect(entries.map((e) => e.dataset.status)).toEqual(['new', 'ready_for_picking', 'back_to_sender']);
    expect(within(entries[0]!).getByText('1 hour')).toBeInTheDocument();
    expect(within(entries[2]!).getByRole('img', { name: 'Return' })).toBeInTheDocument();
  });

  it("shows History and comment times in the warehouse's zone when the header's switch says so, as the status pill", async () => {
    localStorage.setItem('waybill.timeMode', 'warehouse');
    try {
      const order = makeOrder({
        fulfillment_center_uid: 'fc-1',
        aggregated_status: { key: 'back_to_sender', date: '2024-05-03T08:00:00Z' },
        statuses_history: {
          aggregated_status: [{ key: 'back_to_sender', priority: 5, date: '2024-05-03T08:00:00Z' }],
        },
      });
      const comment = makeComment({ created_at: '2024-05-03T09:30:00Z' });
      setup('/realtime/order?uid=ord-1', detailOf(order, [comment]));
      // Bucharest is UTC+3 in May.
      const header = await screen.findByTestId('order-detail-header');
      await waitFor(() => expect(within(header).getByText(/03 May, 11:00/)).toBeInTheDocument());
      expect(within(screen.getByTestId('comment-item')).getByText('03 May 2024, 12:30')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('columnheader', { name: 'Timestamp (warehouse time)' })).toBeInTheDocument();
      const entry = screen.getAllByTestId('history-entry').find((e) => e.dataset.status === 'back_to_sender');
      expect(within(entry!).getByText('03 May 2024, 11:00:00')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('waybill.timeMode');
    }
  });

  it('shows Not implemented for an unknown tab', async () => {
    setup('/realtime/order?uid=ord-1&tab=returns', detailOf());
    expect(await screen.findByText('Not implemented')).toBeInTheDocument();
  });

  it('renders the order tab with quantity wording, N/A, NEW tag and row colours', async () => {
    const user = userEvent.setup();
    const order = makeOrder({
      aggregated_status: { key: 'shipping_in_transit', date: '2024-05-01T10:00:00' },
      line_items: [
        {
          external_identifier: 'L1',
          quantity: 3,
          has_missing: false,
          missing_quantity: 0,
          inventory_item: { inventory_item_uid: 'inv-1' },
        },
        {
          external_identifier: 'L2',
          quantity: 2,
          has_missing: true,
          missing_quantity: 1,
          inventory_item: null,
        },
      ],
    });
    const detail = {
      ...detailOf(order),
      inventory_items: [
        {
          uid: 'inv-1',
          created_at: new Date().toISOString(),
          images: [],
          title_1: 'Linen Shirt',
          title_2: 'Blue / M',
          codes: [{ key: 'sku', value: 'LS-1' }],
        },
      ],
    };
    setup('/realtime/order?uid=ord-1', detail);
    await user.click(await screen.findByRole('tab', { name: 'Order' }));
    const rows = screen.getAllByTestId('line-item');
    expect(rows[0]).toHaveAttribute('data-colour', 'yellow');
    expect(rows[1]).toHaveAttribute('data-colour', 'pink');
    expect(within(rows[0]!).getByText('3 in transit')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('NEW')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Copy SKU LS-1' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1 N/A')).toBeInTheDocument();
  });

  it('marks unread comments seen on entry and tags them New', async () => {
    const { log } = setup('/realtime/order?uid=ord-1&hasUnread=true', detailOf(), {
      'orders.comments.markSeen': () => ({ ok: true }),
    });
    const item = await screen.findByTestId('comment-item');
    expect(within(item).getByText('New')).toBeInTheDocument();
    await waitFor(() =>
      expect(log.filter((c) => c.path === 'orders.comments.markSeen').map((c) => c.input)).toEqual([
        { commentUid: 'c-1' },
      ]),
    );
  });

  it('adds an escalated comment; the editor enforces the rules', async () => {
    const user = userEvent.setup();
    const { log } = setup('/realtime/order?uid=ord-1&newComment=true', detailOf(makeOrder(), []), {
      'orders.comments.add': () => ({ order: makeOrder() }),
    });
    const box = await screen.findByPlaceholderText('Add new comment');
    const submit = screen.getByRole('button', { name: 'Add comment' });
    await user.type(box, 'short');
    expect(submit).toBeDisabled();
    await user.type(box, '!');
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Escalate' }));
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(screen.getByRole('button', { name: 'Escalate' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Hour' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Escalate' }));
    await user.click(screen.getByRole('button', { name: 'Development' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(log.some((c) => c.path === 'orders.comments.add')).toBe(true));
    expect(log.find((c) => c.path === 'orders.comments.add')?.input).toMatchObject({
      orderUid: 'ord-1',
      text: 'short!',
      escalate: true,
      team: 'development',
      snooze: false,
    });
  });

  it('confirms a saved comment with a toast naming what it did, and empties the editor for the next; Cancel closes it', async () => {
    const user = userEvent.setup();
    setup('/realtime/order?uid=ord-1&newComment=true', detailOf(makeOrder(), []), {
      'orders.comments.add': () => ({ order: makeOrder() }),
    });
    const box = await screen.findByPlaceholderText('Add new comment');
    await user.type(box, 'Courier will call the customer');
    await user.click(screen.getByRole('button', { name: 'Snooze' }));
    await user.click(screen.getByRole('button', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(screen.queryByText('Comment saved')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Comment saved')).toBeInTheDocument();
    expect(screen.getByText('Snoozed for 48 hours')).toBeInTheDocument();
    // Open for the next comment, empty and with no action open.
    expect(screen.getByPlaceholderText('Add new comment')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Day' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByPlaceholderText('Add new comment')).toBeNull();
    expect(screen.getByRole('button', { name: 'New comment' })).toBeInTheDocument();
  });

  it('shows no confirmation when the comment was not saved', async () => {
    const user = userEvent.setup();
    setup('/realtime/order?uid=ord-1&newComment=true', detailOf(makeOrder(), []), {
      'orders.comments.add': () => {
        throw new TRPCError({ code: 'BAD_GATEWAY' });
      },
    });
    const box = await screen.findByPlaceholderText('Add new comment');
    await user.type(box, 'Courier will call the customer');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await screen.findByText(/Your comment was not saved/);
    expect(screen.queryByText('Comment saved')).toBeNull();
  });

  it('computes the snooze value and recalculates when the count changes', async () => {
    const user = userEvent.setup();
    setup('/realtime/order?uid=ord-1&newComment=true', detailOf(makeOrder(), []));
    await screen.findByPlaceholderText('Add new comment');
    await user.click(screen.getByRole('button', { name: 'Snooze' }));
    await user.click(screen.getByRole('button', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(screen.getByTestId('snooze-hours')).toHaveTextContent('48 hours');
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByTestId('snooze-hours')).toHaveTextContent('72 hours');
  });

  it('keeps the text and says why when saving fails', async () => {
    const user = userEvent.setup();
    setup('/realtime/order?uid=ord-1&newComment=true', detailOf(makeOrder(), []), {
      'orders.comments.add': () => {
        throw new TRPCError({ code: 'BAD_GATEWAY', message: 'The backend did not answer.' });
      },
    });
    const box = await screen.findByPlaceholderText('Add new comment');
    await user.type(box, 'Parcel is damaged');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your comment was not saved: The backend cannot be reached; try again in a moment. Your text is kept.',
    );
    expect(alert).not.toHaveTextContent('The backend did not answer.');
    expect(box).toHaveValue('Parcel is damaged');
  });

  it('asks before leaving with unsaved text', async () => {
    const user = userEvent.setup();
    const { router } = setup('/realtime/order?uid=ord-1&newComment=true', detailOf(makeOrder(), []));
    await user.type(await screen.findByPlaceholderText('Add new comment'), 'Draft in progress');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Discard your comment?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep writing' }));
    expect(router.state.location.pathname).toBe('/realtime/order');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/realtime'));
  });
});
