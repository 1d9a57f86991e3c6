import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ORDERS_FILTER, type Order, type OrdersFilter, setLateMode } from '@waybill/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../test/trpc-mock.js';
import type { OrdersListMeta } from '../lib/list-state.js';
import { channel, makeComment, makeOrder, makeReference, makeStatistics, me } from '../test/fixtures.js';
import { RealtimeScreen, type RealtimeScreenProps } from './realtime-screen.js';

function setup(overrides: Partial<RealtimeScreenProps> = {}) {
  const rows = overrides.rows ?? [makeOrder()];
  const meta: OrdersListMeta = overrides.meta ?? {
    comments: [],
    statistics: makeStatistics(),
    hasMore: false,
  };
  const props: RealtimeScreenProps = {
    filter: DEFAULT_ORDERS_FILTER,
    defaults: DEFAULT_ORDERS_FILTER,
    onFilterChange: vi.fn(),
    rows,
    meta,
    initialized: true,
    hasMore: meta.hasMore,
    searching: false,
    onLoadMore: vi.fn(),
    reference: makeReference(),
    user: me,
    timeMode: 'local',
    now: new Date('2024-05-02T12:00:00Z'),
    onChangeStatus: vi.fn(async () => undefined),
    onReissue: vi.fn(async () => undefined),
    onAddComment: vi.fn(),
    ...overrides,
  };
  const ui = (p: RealtimeScreenProps) => (
    <TestProviders handlers={{ 'orders.comments.markSeen': () => ({ comment: makeComment() }) }}>
      <MemoryRouter>
        <RealtimeScreen {...p} />
      </MemoryRouter>
    </TestProviders>
  );
  const result = render(ui(props));
  return {
    props,
    rerender: (next: Partial<RealtimeScreenProps>) => result.rerender(ui({ ...props, ...next })),
  };
}

const lastFilter = (fn: RealtimeScreenProps['onFilterChange']) =>
  (fn as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[0] as OrdersFilter;

afterEach(() => {
  vi.useRealTimers();
});

describe('order rows', () => {
  it('shows the reference with # truncated to 17 characters, the warehouse code, badges and the marker', () => {
    setup({
      rows: [
        makeOrder({
          reference: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
          shipments: [{ documents: [{ labels: [{ download_url: 'https://labels.example/1.pdf' }] }] }],
        }),
      ],
    });
    const row = screen.getByTestId('order-row');
    expect(within(row).getByText('#ABCDEFGHIJKLMNOPQ...')).toBeInTheDocument();
    expect(within(row).getByText('WH-77')).toBeInTheDocument();
    expect(within(row).getByText('COD')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Managed by Waybill' })).toBeInTheDocument();
    // The link's name starts with its visible text (label in name).
    const pdf = within(row).getByRole('link', { name: 'PDF shipping label' });
    // Through the gateway, which reads the order as the user; not the backend's own address.
    expect(pdf.getAttribute('href')).toMatch(/^\/orders\/[^/]+\/labels\/1-1\.pdf$/);
    expect(pdf).toHaveTextContent(/^PDF$/);
    expect(within(row).getByRole('link', { name: 'Track parcel TRK123' })).toHaveAttribute(
      'href',
      expect.stringContaining('TRK123'),
    );
    expect(within(row).getByText('Ready for Picking')).toBeInTheDocument();
  });

  it("names the merchant by its selling channel as the filter does: alias, else the channel's name, else 'Unknown'", async () => {
    const user = userEvent.setup();
    const unnamed = { ...channel, alias: null };
    setup({
      reference: makeReference({ sellingChannels: [unnamed] }),
      rows: [makeOrder({ uid: 'o-known' }), makeOrder({ uid: 'o-unknown', selling_channel_uid: 'sc-gone' })],
    });
    const [known, unknown] = screen.getAllByTestId('order-row');
    expect(within(known!).getByText('velvet-store.example')).toBeInTheDocument();
    expect(within(known!).queryByText('Velvet Ltd')).toBeNull();
    expect(within(unknown!).getByText('Unknown')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Merchant: All Merchants' }));
    const menu = await screen.findByRole('menu', { name: /Merchant/ });
    expect(within(menu).getByRole('menuitemcheckbox', { name: /velvet-store\.example/ })).toBeInTheDocument();
  });

  it("copies the reference and says 'Copied!' for 2 seconds", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    fireEvent.click(screen.getByRole('button', { name: /Copy order reference SHOP-1001/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('SHOP-1001'));
    expect(await screen.findAllByText('Copied!')).not.toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(2100);
    });
    await waitFor(() => expect(screen.queryAllByText('Copied!')).toHaveLength(0));
  });

  it('shows CARD and BANK badges, no PDF link without a label, and no marker for other managers', () => {
    setup({
      rows: [
        makeOrder({
          uid: 'a',
          payment: { cash_on_delivery: false, bank_deposit: false },
          managed_by: 'other',
        }),
        makeOrder({ uid: 'b', payment: { cash_on_delivery: false, bank_deposit: true } }),
      ],
    });
    const [first, second] = screen.getAllByTestId('order-row');
    expect(within(first!).getByText('CARD')).toBeInTheDocument();
    expect(within(first!).queryByRole('img', { name: 'Managed by Waybill' })).toBeNull();
    expect(within(first!).queryByRole('link', { name: /PDF/ })).toBeNull();
    expect(within(second!).getByText('BANK')).toBeInTheDocument();
  });

  it('shows the latest comment with its counters and links to the overlay', () => {
    setup({
      rows: [makeOrder({ comments: { count_: 3, status: null, team: null, until: null } })],
      meta: {
        comments: [
          makeComment({ uid: 'c1', text: 'First note', created_at: '2024-05-01T09:00:00' }),
          makeComment({ uid: 'c2', text: 'Latest note here', created_at: '2024-05-02T11:00:00' }),
        ],
        statistics: makeStatistics(),
        hasMore: false,
      },
    });
    const row = screen.getByTestId('order-row');
    expect(row).toHaveTextContent('Latest note here');
    expect(row).toHaveTextContent('+ 2 comments');
    expect(row).toHaveTextContent('2 New');
    const links = within(row)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href') ?? '');
    expect(links.some((href) => href.startsWith('/realtime/order?uid=ord-1&hasUnread=true'))).toBe(true);
  });
});

describe('footer and empty states', () => {
  it("says '1 Order Displayed' in the last row's colour when nothing more can load", () => {
    setup({ rows: [makeOrder({ display_priority: 2 })] });
    const footer = screen.getByTestId('list-footer');
    expect(footer).toHaveTextContent('1 Order Displayed');
    expect(footer).toHaveTextContent('2024');
    expect(footer).toHaveAttribute('data-colour', 'orange');
  });

  it("says 'N Orders Displayed' and hides the footer while more can load", () => {
    const rows = [makeOrder({ uid: 'a' }), makeOrder({ uid: 'b', display_priority: 0 })];
    const { rerender } = setup({ rows });
    expect(screen.getByTestId('list-footer')).toHaveTextContent('2 Orders Displayed');
    expect(screen.getByTestId('list-footer')).toHaveAttribute('data-colour', 'red');
    rerender({ meta: { comments: [], statistics: makeStatistics(), hasMore: true }, hasMore: true });
    expect(screen.queryByTestId('list-footer')).toBeNull();
  });

  it("shows the footer at the loaded-rows limit, though the backend's last page was full", () => {
    const rows = [makeOrder({ uid: 'a' }), makeOrder({ uid: 'b' })];
    setup({ rows, meta: { comments: [], statistics: makeStatistics(), hasMore: true }, hasMore: false });
    expect(screen.getByTestId('list-footer')).toHaveTextContent('2 Orders Displayed');
  });

  it("shows 'No Results Found' for an empty search and the default panel for the default filter", () => {
    const { rerender } = setup({ rows: [], filter: { ...DEFAULT_ORDERS_FILTER, reference: 'nothing' } });
    expect(screen.getByText('No Results Found')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Sorry, we couldn't find any results matching your search. Please try again with different keywords or filters.",
      ),
    ).toBeInTheDocument();
    rerender({ filter: DEFAULT_ORDERS_FILTER });
    expect(screen.getByTestId('orders-empty-default')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows fixed-height skeleton rows until the first answer', () => {
    setup({ initialized: false, rows: [] });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('No Results Found')).toBeNull();
  });
});

describe('filters', () => {
  it("offers 'Clear Filters' only with a warehouse, merchant or courier selected", async () => {
    const user = userEvent.setup();
    const { rerender, props } = setup();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    rerender({ filter: { ...DEFAULT_ORDERS_FILTER, fulfillmentCentersUIDS: ['fc-1'], reference: 'x' } });
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(lastFilter(props.onFilterChange)).toMatchObject({ fulfillmentCentersUIDS: [], reference: 'x' });
  });

  it('sends the search 300 ms after typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { props } = setup();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search order reference' }), {
      target: { value: 'SHOP' },
    });
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(props.onFilterChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(lastFilter(props.onFilterChange).reference).toBe('SHOP');
  });

  it("focuses the search box with '/'", async () => {
    const user = userEvent.setup();
    setup();
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search order reference' })).toHaveFocus();
  });

  it('toggles late mode with priority 4 and the payout late rules', async () => {
    const user = userEvent.setup();
    const { props } = setup();
    await user.click(screen.getByRole('button', { name: 'Late' }));
    const next = lastFilter(props.onFilterChange);
    expect(next).toEqual(setLateMode(DEFAULT_ORDERS_FILTER, true));
    expect(next.displayPriorities).toContain(4);
  });

  it('caps the merchant dropdown at 23 entries with a summed "+ N More Merchants" line', async () => {
    const user = userEvent.setup();
    const channels = Array.from({ length: 30 }, (_, i) => ({
      ...channel,
      uid: `sc-${i}`,
      alias: `Shop ${i}`,
    }));
    setup({
      reference: makeReference({ sellingChannels: channels }),
      meta: {
        comments: [],
        hasMore: false,
        statistics: makeStatistics({
          selling_channels_statistics: channels.map((c, i) => ({
            key: c.uid,
            count_general: 100 - i,
            count_display_priority_all: 100 - i,
            count_display_priority_0: 0,
            count_display_priority_1: 0,
            count_display_priority_2: 0,
            count_display_priority_3: 0,
          })),
        }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Merchant: All Merchants' }));
    const menu = await screen.findByRole('menu', { name: /Merchant/ });
    expect(within(menu).getAllByRole('menuitemcheckbox')).toHaveLength(23);
    // Shops 23-29 have counts 77..71.
    const more = within(menu).getByRole('menuitem', { name: /More Merchants/ });
    expect(more).toHaveTextContent('+ 7 More Merchants');
    expect(more).toHaveTextContent(String(77 + 76 + 75 + 74 + 73 + 72 + 71));
  });

  it('toggles priorities from the summary cards and formats large counts with k', async () => {
    const user = userEvent.setup();
    const { props } = setup({
      meta: {
        comments: [],
        hasMore: false,
        statistics: makeStatistics({
          display_statistics: {
            display_priority_0: 150_000,
            display_priority_1: 0,
            display_priority_2: 3,
            display_priority_3: 4,
            display_priority_4: 5,
            display_priority_5: 6,
          },
        }),
      },
    });
    expect(screen.getByTestId('summary-errors')).toHaveTextContent('150k');
    expect(screen.getByTestId('summary-done')).not.toHaveTextContent('5');
    expect(screen.getByTestId('summary-divider')).toBeInTheDocument();
    await user.click(screen.getByTestId('summary-done'));
    expect(lastFilter(props.onFilterChange).displayPriorities).toEqual([0, 1, 2, 3, 4]);
    await user.click(screen.getByTestId('summary-errors'));
    expect(lastFilter(props.onFilterChange).displayPriorities).toEqual([2, 3]);
  });

  it('hides the status groups when one or fewer statuses are available', () => {
    const { rerender } = setup();
    expect(screen.getByTestId('status-bar')).toBeInTheDocument();
    rerender({
      meta: {
        comments: [],
        hasMore: false,
        statistics: makeStatistics({ statuses_statistics: [{ key: 'in_picking', count: 9 }] }),
      },
    });
    expect(screen.queryByTestId('status-bar')).toBeNull();
  });

  it('toggles a status group on and off', async () => {
    const user = userEvent.setup();
    const { props, rerender } = setup();
    await user.click(screen.getByRole('button', { name: '2 In Picking' }));
    const selected = lastFilter(props.onFilterChange);
    expect(selected.statuses).toEqual(['in_picking', 'not_fulfilled']);
    rerender({ filter: selected });
    await user.click(screen.getByRole('button', { name: '2 In Picking' }));
    expect(lastFilter(props.onFilterChange).statuses).toEqual([]);
  });
});

describe('row actions', () => {
  const open = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'Order Options' }));
    return screen.findByRole('menu', { name: 'Order Options' });
  };

  it('offers only the actions the status allows', async () => {
    const user = userEvent.setup();
    setup({
      rows: [makeOrder({ aggregated_status: { key: 'ready_for_picking', date: '2024-05-01T10:00:00' } })],
    });
    const menu = await open(user);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Take', 'Add comment0 comments', 'Mark as Lost', 'Cancel order', 'Reissue AWB']);
  });

  it('offers received by sender (not delivered) for a returning parcel and nothing final for delivered orders', async () => {
    const user = userEvent.setup();
    const { rerender } = setup({
      rows: [
        makeOrder({
          aggregated_status: { key: 'shipping_returning_to_sender', date: '2024-05-01T10:00:00' },
        }),
      ],
    });
    let menu = await open(user);
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    // A parcel coming back cannot be delivered (contracts' canMarkDelivered).
    expect(labels).not.toContain('Mark as Delivered');
    expect(labels).toContain('Mark as Received by Sender');
    expect(labels).not.toContain('Cancel order');
    await user.keyboard('{Escape}');
    rerender({
      rows: [makeOrder({ aggregated_status: { key: 'shipping_delivered', date: '2024-05-01T10:00:00' } })],
    });
    menu = await open(user);
    const final = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(final).not.toContain('Mark as Lost');
    expect(final).not.toContain('Mark as Delivered');
  });

  it('Add comment goes to the order overlay', async () => {
    const user = userEvent.setup();
    const { props } = setup();
    const menu = await open(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Add comment/ }));
    expect(props.onAddComment).toHaveBeenCalledWith(expect.objectContaining({ uid: 'ord-1' }));
  });

  it('saves a status change with a real date at 15:00 and locks the page while open', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onChangeStatus = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    setup({ onChangeStatus });
    const menu = await open(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Order as Cancelled' });
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(dialog).getByText('#SHOP-1001')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'SAVE CHANGES' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Day'), '31');
    // June, not February: the fixture order was created on 1 May 2024, and earlier days are refused.
    await user.type(within(dialog).getByLabelText('Month'), '06');
    await user.type(within(dialog).getByLabelText('Year'), '2024');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This date does not exist');
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Day'));
    await user.type(within(dialog).getByLabelText('Day'), '28');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(onChangeStatus).toHaveBeenCalledTimes(1);
    const [order, status, date] = onChangeStatus.mock.calls[0] as unknown as [Order, string, Date];
    expect(order.uid).toBe('ord-1');
    expect(status).toBe('cancelled');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2024, 5, 28, 15]);
    // While the call runs: save spans the width with a loading icon, cancel is hidden.
    const busy = within(dialog).getByRole('button', { name: /SAVE CHANGES/ });
    expect(busy).toHaveAttribute('data-full-width', 'true');
    expect(busy).toBeDisabled();
    expect(within(dialog).getByLabelText('Loading')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'CANCEL CHANGES' })).toBeNull();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps the modal open with a plain message when the change fails', async () => {
    const user = userEvent.setup();
    setup({ onChangeStatus: vi.fn(async () => Promise.reject(new Error('Order is already delivered'))) });
    const menu = await open(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark as Lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Order as Lost' });
    await user.type(within(dialog).getByLabelText('Day'), '05');
    await user.type(within(dialog).getByLabelText('Month'), '05');
    await user.type(within(dialog).getByLabelText('Year'), '2024');
    await user.click(within(dialog).getByRole('button', { name: 'SAVE CHANGES' }));
    expect(
      await within(dialog).findByText('The status could not be changed. Please try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Order is already delivered')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'CANCEL CHANGES' })).toBeInTheDocument();
  });

  it('stays open with what was typed when the order leaves the list, and says so', async () => {
    const user = userEvent.setup();
    const { rerender } = setup();
    const menu = await open(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark as Lost' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Day'), '03');
    rerender({ rows: [makeOrder({ uid: 'other' })] });
    await within(dialog).findByTestId('live-change-gone');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('Day')).toHaveValue('03');
  });

  it('reissues a label with at least 2 boxes', async () => {
    const user = userEvent.setup();
    const { props } = setup();
    const menu = await open(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Reissue AWB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reissue AWB' });
    const minus = within(dialog).getByRole('button', { name: 'Fewer boxes' });
    expect(within(dialog).getByLabelText('Number of boxes')).toHaveValue('2');
    expect(minus).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'More boxes' }));
    expect(within(dialog).getByLabelText('Number of boxes')).toHaveValue('3');
    expect(minus).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(props.onReissue).toHaveBeenCalledWith(expect.objectContaining({ uid: 'ord-1' }), 3);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each(['3.5', '2-3', '-5', '1e3'])(
    'reads no number of boxes from the typo %s: it stays, named, and CONFIRM is off',
    async (typo) => {
      const user = userEvent.setup();
      const { props } = setup();
      const menu = await open(user);
      await user.click(within(menu).getByRole('menuitem', { name: 'Reissue AWB' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reissue AWB' });
      const field = within(dialog).getByLabelText('Number of boxes');
      await user.clear(field);
      await user.type(field, typo);
      await user.tab();
      expect(field).toHaveValue(typo);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(
        within(dialog).getByText('Number of boxes must be a whole number of at least 2.'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
      expect(props.onReissue).not.toHaveBeenCalled();
    },
  );

  it('reads " 007 " as 7 boxes once the field is left', async () => {
    const user = userEvent.setup();
    const { props } = setup();
    const menu = await open(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Reissue AWB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reissue AWB' });
    const field = within(dialog).getByLabelText('Number of boxes');
    await user.clear(field);
    await user.type(field, ' 007 ');
    await user.tab();
    expect(field).toHaveValue('7');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(props.onReissue).toHaveBeenCalledWith(expect.objectContaining({ uid: 'ord-1' }), 7);
  });
});

describe('long lists', () => {
  it('renders only a window of 10,000 loaded rows', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => makeOrder({ uid: `o-${i}`, reference: `R-${i}` }));
    setup({ rows, meta: { comments: [], statistics: makeStatistics(), hasMore: true } });
    const rendered = screen.getAllByTestId('order-row').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByRole('table', { name: 'Orders' })).toHaveAttribute('aria-rowcount', '10001');
  });

  it('asks for more rows when the bottom is within 5000 px', () => {
    const { props } = setup({ meta: { comments: [], statistics: makeStatistics(), hasMore: true } });
    // jsdom has no layout: the page is "short", so the bottom is always within reach.
    expect(props.onLoadMore).toHaveBeenCalled();
  });
});
