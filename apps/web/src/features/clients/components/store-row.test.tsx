import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellingChannelAnalyticsRow } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/trpc-mock.js';
import { makeStore, NOW } from '../test/fixtures.js';
import { sparklinePoints } from './sparkline.js';
import { StoreRow } from './store-row.js';

const DAY = 86_400_000;
const iso = (msAgo: number) => new Date(NOW.getTime() - msAgo).toISOString();

function renderRow(row: SellingChannelAnalyticsRow) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <table>
            <tbody>
              <StoreRow row={row} now={NOW} />
            </tbody>
          </table>
        ),
      },
    ],
    '/',
  );
  return within(screen.getByTestId('store-row'));
}

describe('store row cells', () => {
  it('shows name without www. as an app link with copy, plan, country, locations and year', async () => {
    const row = makeStore({ name: 'www.bloom.ro', display_priority: 1 });
    const cells = renderRow(row);
    const link = cells.getByRole('link', { name: 'bloom.ro' });
    expect(link).toHaveAttribute('href', row.metadata[0]!.value);
    expect(link).toHaveAttribute('target', '_blank');
    expect(cells.getByRole('button', { name: 'Copy bloom.ro' })).toBeInTheDocument();
    expect(cells.getByTestId('plan-badge')).toHaveTextContent('SHOPIFY');
    expect(cells.getByText('RO')).toHaveAttribute('title', 'Romania');
    expect(cells.getByTitle('Fulfillment locations')).toHaveTextContent('1');
    expect(cells.getByText(String(new Date(row.activity.created_at).getUTCFullYear()))).toBeInTheDocument();
    expect(screen.getByTestId('store-row')).toHaveAttribute('data-colour', 'yellow');
    const user = userEvent.setup();
    await user.click(cells.getByRole('button', { name: 'Copy bloom.ro' }));
    expect(await navigator.clipboard.readText()).toBe('bloom.ro');
  });

  it('shows a plain name without an app link and plan labels per platform', () => {
    const cells = renderRow(
      makeStore({ name: 'shop.hu', kind: 'magento2', metadata: [], store: { plan_name: null } }),
    );
    expect(cells.queryByRole('link')).toBeNull();
    expect(cells.getByText('shop.hu')).toBeInTheDocument();
    expect(cells.getByTestId('plan-badge')).toHaveTextContent('MAGENTO');
  });

  it('fades the size badge by size and shows uninstalled stores without a label', () => {
    let cells = renderRow(makeStore({ statistics: { orders: { size: 's', count: 3 } } }));
    expect(cells.getByTestId('size-badge')).toHaveStyle({ opacity: '0.64' });
    expect(cells.getByTestId('size-badge')).toHaveTextContent('S');
    document.body.innerHTML = '';
    cells = renderRow(makeStore({ activity: { status: 'deleted', deleted_at: iso(3 * DAY) } }));
    expect(cells.getByTestId('size-badge')).toHaveStyle({ opacity: '0.32' });
    expect(cells.getByTestId('size-badge')).toHaveTextContent('');
    expect(cells.getByText('Uninstalled')).toBeInTheDocument();
  });

  it('tags new stores solid under 10 days and outlined under 20', () => {
    let cells = renderRow(makeStore({ activity: { installed_at: iso(3 * DAY) } }));
    expect(cells.getByText('NEW')).toHaveAttribute('data-variant', 'solid');
    document.body.innerHTML = '';
    cells = renderRow(makeStore({ activity: { installed_at: iso(15 * DAY) } }));
    expect(cells.getByText('NEW')).toHaveAttribute('data-variant', 'outlined');
    document.body.innerHTML = '';
    cells = renderRow(makeStore({ activity: { installed_at: iso(25 * DAY) } }));
    expect(cells.queryByText('NEW')).toBeNull();
  });

  it('shows the orders/SKUs pill with a sparkline, or the courier share bar without daily data', () => {
    let cells = renderRow(makeStore());
    expect(cells.getByTestId('orders-pill')).toHaveTextContent('412 orders · 57 SKUs');
    expect(cells.getByTestId('sparkline')).toBeInTheDocument();
    document.body.innerHTML = '';
    cells = renderRow(makeStore({ statistics: { orders: { size: 'm', count: 9 } } }));
    expect(cells.queryByTestId('sparkline')).toBeNull();
    expect(cells.getByTestId('courier-share-bar')).toBeInTheDocument();
  });

  it('shows up to 3 deduplicated courier logos or the missing/unknown flags', () => {
    let cells = renderRow(makeStore());
    // Couriers show as their marks (SVG tiles), named by their tooltip.
    expect(cells.getByTitle('GLS')).toHaveAttribute('data-logo', 'gls');
    expect(cells.getAllByTitle('Cargus')).toHaveLength(1);
    document.body.innerHTML = '';
    cells = renderRow(
      makeStore({
        statistics: {
          couriers: [
            { courier_id: null, count: 20 },
            { courier_id: 'gls_ro', count: 80 },
          ],
        },
      }),
    );
    expect(cells.getByText('Missing Couriers')).toBeInTheDocument();
    document.body.innerHTML = '';
    cells = renderRow(
      makeStore({
        statistics: {
          couriers: [
            { courier_id: 'manually_added_unknown_courier', count: 20 },
            { courier_id: 'gls_ro', count: 80 },
          ],
        },
      }),
    );
    expect(cells.getByText('Unknown Couriers')).toBeInTheDocument();
    document.body.innerHTML = '';
    cells = renderRow(makeStore({ statistics: { couriers: [] } }));
    expect(cells.getByTestId('couriers-empty')).toBeInTheDocument();
  });

  it('shows courier shares in a popover, grouped and rounded up', async () => {
    const user = userEvent.setup();
    const cells = renderRow(makeStore());
    await user.click(cells.getByRole('button', { name: /: courier shares$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('GLS').nextSibling).toHaveTextContent('73%');
    expect(within(dialog).getByText('Cargus').nextSibling).toHaveTextContent('28%');
  });

  it('puts recent activity in the score pill, older activity apart, and none as a placeholder', () => {
    let cells = renderRow(makeStore());
    expect(cells.getByTestId('activity-pill')).toHaveTextContent('832 hours ago');
    expect(cells.queryByTestId('activity-time')).toBeNull();
    document.body.innerHTML = '';
    cells = renderRow(
      makeStore({
        statistics: {
          activity: { latest: { user_uid: 'mu', last_seen_at: iso(5 * DAY), score: 12 }, people: [] },
        },
      }),
    );
    expect(cells.getByTestId('activity-pill')).toHaveTextContent('12');
    expect(cells.getByTestId('activity-time')).toHaveTextContent('5 days ago');
    document.body.innerHTML = '';
    cells = renderRow(makeStore({ statistics: { activity: { latest: null, people: [] } } }));
    expect(cells.getByTestId('activity-empty')).toBeInTheDocument();
  });

  it('shows store info in Europe/Bucharest time on hover', async () => {
    const user = userEvent.setup();
    const row = makeStore({
      name: 'info.ro',
      activity: { created_at: '2023-01-15T10:00:00Z', installed_at: '2023-07-01T21:30:00Z' },
    });
    const cells = renderRow(row);
    await user.hover(cells.getByRole('button', { name: 'Store info for info.ro' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('15 Jan 2023, 12:00')).toBeInTheDocument();
    expect(within(dialog).getByText('02 Jul 2023, 00:30')).toBeInTheDocument();
    expect(within(dialog).getByText('Shopify')).toBeInTheDocument();
    expect(within(dialog).getByText('Ioana Pop')).toBeInTheDocument();
  });

  it('draws sparkline points inside the box', () => {
    expect(sparklinePoints([0, 10], 84, 22)).toBe('0.0,21.0 84.0,1.0');
    expect(sparklinePoints([5, 5, 5], 84, 22)).toBe('0.0,11.0 42.0,11.0 84.0,11.0');
    expect(sparklinePoints([], 84, 22)).toBe('');
  });
});
