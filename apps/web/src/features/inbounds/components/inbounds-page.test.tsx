import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Inbound, InboundsQuery } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { type Emit, type Handlers, inputsOf, renderRoutes } from '../../../test/trpc-mock.js';
import { makeInbound, referenceHandlers, searchResponse, snapshotOf, USERS } from '../test/fixtures.js';
import { InboundsPage } from './inbounds-page.js';

type LiveInput = InboundsQuery & { lastEventId?: string };

function setup(rows: Inbound[], opts: { handlers?: Handlers; hasMore?: boolean } = {}) {
  const emits: Emit[] = [];
  const response = searchResponse(rows);
  const view = renderRoutes([{ path: '/inbounds', element: <InboundsPage /> }], '/inbounds', {
    handlers: {
      ...referenceHandlers(),
      'inbounds.live': (_input, emit) => {
        emits.push(emit);
        emit(snapshotOf(response, opts.hasMore ?? false));
      },
      'inbounds.search': () => response,
      ...opts.handlers,
    },
  });
  const lastLive = () => inputsOf<LiveInput>(view.log, 'inbounds.live').at(-1)!;
  return { ...view, emits, response, lastLive };
}

/** Radix menus open from the keyboard in jsdom (its pointer events lack what Radix checks). */
async function openMenu(user: ReturnType<typeof userEvent.setup>, testId: string) {
  screen.getByTestId(testId).focus();
  await user.keyboard('{Enter}');
}

describe('inbounds list', () => {
  it('renders rows with the table rules', async () => {
    const rows = [
      makeInbound({ name: 'RCP-URGENT-RECEPTION-0001', display_priority: 0, late: { is_late: true } }),
      makeInbound({
        fulfillment_center_uid: null,
        line_items_computed: { items: [], incoming_total: 1500 },
      }),
      makeInbound({
        status: 'completed',
        display_priority: 4,
        fulfillment_center_uid: 'fc-bud',
        line_items_computed: { items: [], incoming_total: 700 },
      }),
    ];
    setup(rows);
    const table = await screen.findByTestId('inbounds-table');
    // The first rows mount in a second pass, loading rows standing in for them until then.
    const trs = await within(table).findAllByTestId('inbound-row');
    expect(trs).toHaveLength(3);
    expect(screen.getByTestId('inbound-count')).toHaveTextContent('3 inbound displayed');
    // Reception name shortened to 18 characters (middle truncated with dots), full name in the title.
    const first = within(trs[0]!);
    expect(first.getByText('RCP-URGE...ON-0001')).toHaveAttribute('title', 'RCP-URGENT-RECEPTION-0001');
    expect(first.getByTestId('red-marker')).toBeInTheDocument();
    expect(trs[0]).toHaveAttribute('data-colour', 'red');
    expect(first.getByText('ETA: 2 days')).toBeInTheDocument();
    expect(first.getByLabelText('Late')).toBeInTheDocument();
    expect(first.getByText('Bucharest North')).toBeInTheDocument();
    expect(first.getByText('RO')).toBeInTheDocument();
    expect(first.getByTestId('warehouse-icon')).toHaveAttribute('data-size', 'small');
    expect(within(trs[1]!).getByText('Not sent to warehouse!')).toBeInTheDocument();
    expect(within(trs[1]!).queryByTestId('red-marker')).toBeNull();
    expect(within(trs[2]!).getByTestId('warehouse-icon')).toHaveAttribute('data-size', 'medium');
    expect(within(trs[2]!).getByText('Completed')).toBeInTheDocument();
    expect(within(trs[2]!).queryByLabelText('Late')).toBeNull();
    expect(trs[2]).toHaveAttribute('data-colour', 'green');
    // Footer once the whole list is loaded.
    expect(screen.getByTestId('list-footer')).toHaveTextContent('3 Inbounds Displayed');
  });

  it('shows summary cards with counts above 0 and toggles display priorities', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeInbound()]);
    await screen.findByTestId('inbounds-table');
    expect(screen.getByTestId('summary-errors')).toHaveTextContent('Issues & Errors');
    expect(screen.getByTestId('summary-alerts')).toHaveTextContent('2');
    expect(screen.getByTestId('summary-onSchedule')).toHaveTextContent('4');
    expect(screen.getByTestId('summary-processed')).toHaveTextContent('7');
    expect(screen.queryByTestId('summary-cancel')).toBeNull();
    expect(lastLive().filter.displayPriorities).toEqual([0, 1, 2, 3]);
    await user.click(screen.getByTestId('summary-processed'));
    await waitFor(() => expect(lastLive().filter.displayPriorities).toEqual([0, 1, 2, 3, 4]));
    await user.click(screen.getByTestId('bucket-errors'));
    await waitFor(() => expect(lastLive().filter.displayPriorities).toEqual([2, 3, 4]));
    expect(screen.getByTestId('bucket-errors')).toHaveAttribute('aria-pressed', 'false');
  });

  it('forces processed and cancelled on when the urgent buckets are empty', async () => {
    const rows = [makeInbound({ display_priority: 4, status: 'completed' })];
    const response = searchResponse(rows, {
      display_statistics: {
        display_priority_0: 0,
        display_priority_1: 0,
        display_priority_2: 0,
        display_priority_3: 0,
        display_priority_4: 3,
        display_priority_5: 1,
        display_priority_6: 0,
      },
    });
    const { lastLive } = setup(rows, {
      handlers: { 'inbounds.live': (_i, emit) => emit(snapshotOf(response)) },
    });
    await screen.findByTestId('inbounds-table');
    // No priority filter: inbounds without a display priority are listed too.
    await waitFor(() => expect(lastLive().filter.displayPriorities).toEqual([]));
    expect(screen.getByTestId('summary-processed')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('summary-cancel')).toHaveAttribute('aria-pressed', 'true');
  });

  it('hides processed and deleted counts in compact mode', async () => {
    const rows = [makeInbound()];
    const response = searchResponse(rows, {
      display_statistics: {
        display_priority_0: 12_000,
        display_priority_1: 0,
        display_priority_2: 0,
        display_priority_3: 5,
        display_priority_4: 3,
        display_priority_5: 1,
        display_priority_6: 0,
      },
    });
    setup(rows, { handlers: { 'inbounds.live': (_i, emit) => emit(snapshotOf(response)) } });
    await screen.findByTestId('inbounds-table');
    expect(screen.getByRole('group', { name: 'Inbound summary' })).toHaveAttribute('data-compact', 'true');
    expect(screen.getByTestId('summary-errors')).toHaveTextContent('12000');
    expect(screen.getByTestId('summary-processed')).not.toHaveTextContent('3');
    expect(screen.getByTestId('summary-cancel')).not.toHaveTextContent('1');
  });

  it('shows transport toggles above 0 and the Late toggle, and sends them', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeInbound()]);
    await screen.findByTestId('inbounds-table');
    expect(screen.getByRole('button', { name: '1 Truck' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 Pallets' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Box/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: '3 Pallets' }));
    await waitFor(() => expect(lastLive().filter.numberOfItems).toEqual(['pallet']));
    await user.click(screen.getByRole('button', { name: 'Late' }));
    await waitFor(() => expect(lastLive().filter.isLate).toBe(true));
    expect(screen.getByRole('button', { name: 'Late' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends the search term after typing stops', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeInbound()]);
    await screen.findByTestId('inbounds-table');
    await user.type(screen.getByPlaceholderText('Search'), 'RCP-7');
    await waitFor(() => expect(lastLive().filter.searchTerm).toBe('RCP-7'));
  });

  it('filters by merchant with the 23-entry cap, and clears filters', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeInbound()]);
    await screen.findByTestId('inbounds-table');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    await openMenu(user, 'filter-merchants');
    const menu = await screen.findByRole('menu');
    const options = within(menu).getAllByRole('menuitemcheckbox');
    expect(options).toHaveLength(23);
    // Most urgent first (priority 0 rows: 0, 5, 10 …), then count descending.
    expect(options[0]).toHaveTextContent('Merchant 00');
    expect(options[1]).toHaveTextContent('Merchant 05');
    expect(within(menu).getByText('+ 7 More Merchants')).toBeInTheDocument();
    await user.click(within(menu).getByText('Merchant 05'));
    await waitFor(() => expect(lastLive().filter.organizationsUIDS).toEqual(['org-5']));
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(lastLive().filter.organizationsUIDS).toEqual([]));
  });

  it('lists users with initials and hides superadmins', async () => {
    const user = userEvent.setup();
    setup([makeInbound()]);
    await screen.findByTestId('inbounds-table');
    expect(screen.getByTestId('filter-users')).toHaveTextContent('All Users');
    await openMenu(user, 'filter-users');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Olivia Ops')).toBeInTheDocument();
    expect(within(menu).getByText('OO')).toBeInTheDocument();
    expect(within(menu).getByText('DD')).toBeInTheDocument();
    expect(within(menu).queryByText('Ada Admin')).toBeNull();
  });

  it('defaults the user filter to the own user outside customer support', async () => {
    const dan = USERS[1]!;
    const { lastLive } = setup([makeInbound()], { handlers: { 'users.me': () => ({ user: dan }) } });
    await screen.findByTestId('inbounds-table');
    await waitFor(() => expect(lastLive().filter.assignedUsersUIDS).toEqual(['u-dan']));
    expect(screen.getByTestId('filter-users')).toHaveTextContent('Dan Developer');
  });

  it('applies live patches from the gateway', async () => {
    const rows = [makeInbound({ name: 'RCP-A' }), makeInbound({ name: 'RCP-B' })];
    const { emits } = setup(rows);
    await screen.findByText('RCP-A');
    const changed = { ...rows[1]!, status: 'arrived' as const, display_priority: 2 };
    act(() => {
      emits.at(-1)!({
        kind: 'patch',
        upserts: [changed],
        removed: [rows[0]!.uid],
        order: [changed.uid],
        meta: null,
      });
    });
    await waitFor(() => expect(screen.queryByText('RCP-A')).toBeNull());
    const row = screen.getByTestId('inbound-row');
    expect(row).toHaveAttribute('data-colour', 'orange');
    expect(within(row).getByText('Arrived')).toBeInTheDocument();
  });

  it('loads more by widening the live window while more rows exist', async () => {
    const rows = Array.from({ length: 20 }, () => makeInbound());
    const { log } = setup(rows, { hasMore: true });
    await screen.findByTestId('inbounds-table');
    await waitFor(() =>
      expect(inputsOf<LiveInput>(log, 'inbounds.live').some((i) => i.window.skip === 20)).toBe(true),
    );
  });

  it('falls back to a plain search when the live subscription fails', async () => {
    const rows = [makeInbound({ name: 'RCP-FALLBACK' })];
    const { log } = setup(rows, {
      handlers: {
        'inbounds.live': () => {
          throw new Error('websocket closed');
        },
      },
    });
    expect(await screen.findByText('RCP-FALLBACK')).toBeInTheDocument();
    expect(inputsOf<InboundsQuery>(log, 'inbounds.search')[0]?.window).toEqual({ skip: 0, limit: 20 });
  });

  it('shows the empty state when nothing matches', async () => {
    setup([]);
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
  });

  it('says live updates are paused while the gateway reports it, keeping the rows', async () => {
    const { emits } = setup([makeInbound({ name: 'RCP-KEPT' })]);
    await screen.findByText('RCP-KEPT');
    expect(screen.queryByTestId('live-paused')).toBeNull();
    act(() => emits.at(-1)!({ kind: 'health', paused: true, dataAt: Date.now() - 3 * 60_000 }));
    const banner = await screen.findByTestId('live-paused');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent('Live updates paused — data from 3 minutes ago; retrying');
    expect(screen.getByText('RCP-KEPT')).toBeInTheDocument();
    act(() => emits.at(-1)!({ kind: 'health', paused: false, dataAt: Date.now() }));
    await waitFor(() => expect(screen.queryByTestId('live-paused')).toBeNull());
    expect(screen.getByText('RCP-KEPT')).toBeInTheDocument();
  });
});
