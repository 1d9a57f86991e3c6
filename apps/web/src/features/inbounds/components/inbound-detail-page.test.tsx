import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Inbound } from '@waybill/contracts';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Handlers, renderRoutes } from '../../../test/trpc-mock.js';
import {
  detailResponse,
  makeInbound,
  referenceHandlers,
  searchResponse,
  snapshotOf,
} from '../test/fixtures.js';
import { InboundDetailPage } from './inbound-detail-page.js';
import { InboundsPage } from './inbounds-page.js';

/** As the app router does: the detail is a child route rendered over the mounted list. */
const bare = (
  <>
    <InboundsPage />
    <Outlet />
  </>
);
/** The same inside the app's shell: a header that stays in use above the detail, the list in main. */
const inShell = (
  <>
    <header>
      <button type="button">Notifications</button>
    </header>
    <main>{bare}</main>
  </>
);

function setup(inbound: Inbound, path: string, handlers: Handlers = {}, layout = bare) {
  const response = searchResponse([inbound]);
  return renderRoutes(
    [
      {
        path: '/inbounds',
        element: layout,
        children: [{ path: 'inbound', element: <InboundDetailPage /> }],
      },
    ],
    path,
    {
      handlers: {
        ...referenceHandlers(),
        'inbounds.live': (_input, emit) => emit(snapshotOf(response)),
        'inbounds.detail': (input) => {
          if (input.uid !== inbound.uid) throw new Error('not found');
          return detailResponse(inbound);
        },
        ...handlers,
      },
    },
  );
}

describe('inbound detail', () => {
  it('shows the header fields with the priority colour', async () => {
    const inbound = makeInbound({
      name: 'RCP-DETAIL-1',
      display_priority: 2,
      late: { is_late: true },
      external_data: { identifier: 'PO-778812' },
    });
    setup(inbound, `/inbounds/inbound?uid=${inbound.uid}`);
    const header = await screen.findByTestId('inbound-header');
    expect(header).toHaveAttribute('data-colour', 'orange');
    expect(within(header).getByRole('heading', { name: 'RCP-DETAIL-1' })).toBeInTheDocument();
    expect(within(header).getByText('Merchant 00')).toBeInTheDocument();
    expect(within(header).getByText('Bucharest North')).toBeInTheDocument();
    expect(within(header).getByText('RO')).toBeInTheDocument();
    expect(within(header).getByText('PO-778812')).toBeInTheDocument();
    expect(within(header).getByText('Late')).toBeInTheDocument();
    expect(within(header).getByText('120')).toBeInTheDocument();
    expect(within(header).getAllByText('In Transit').length).toBeGreaterThan(0);
  });

  it('colours the header by status when there is no priority', async () => {
    const inbound = makeInbound({
      display_priority: null,
      status: 'processing',
      fulfillment_center_uid: null,
    });
    setup(inbound, `/inbounds/inbound?uid=${inbound.uid}`);
    const header = await screen.findByTestId('inbound-header');
    expect(header).toHaveAttribute('data-colour', 'light-red');
    expect(within(header).getByText('Not sent to warehouse!')).toBeInTheDocument();
  });

  it('renders the products table with its display rules and row variants', async () => {
    const inbound = makeInbound({ status: 'completed', display_priority: 4 });
    setup(inbound, `/inbounds/inbound?uid=${inbound.uid}`);
    const rows = await screen.findAllByTestId('product-row');
    expect(rows).toHaveLength(2);
    const [shirt, tote] = rows.map((r) => within(r));
    // Completed receipt: green row with a check; problem row (missing/junk) is pink without one.
    expect(rows[0]).toHaveAttribute('data-colour', 'green');
    expect(shirt!.getByLabelText('Completed')).toBeInTheDocument();
    expect(rows[1]).toHaveAttribute('data-colour', 'pink');
    expect(tote!.queryByLabelText('Completed')).toBeNull();
    expect(shirt!.getByText('Linen Shirt')).toBeInTheDocument();
    expect(shirt!.getByText('Blue / M')).toBeInTheDocument();
    expect(shirt!.getByText('NEW')).toBeInTheDocument();
    expect(tote!.queryByText('NEW')).toBeNull();
    // Expected 0 → N/A; sellable 0 → not-sellable icon; zero problems → dash.
    expect(shirt!.getByText('120')).toBeInTheDocument();
    expect(shirt!.getByLabelText('Not sellable')).toBeInTheDocument();
    expect(shirt!.getAllByText('–')).toHaveLength(3);
    expect(tote!.getByText('N/A')).toBeInTheDocument();
    expect(tote!.getByText('2')).toBeInTheDocument();
    expect(tote!.getByTestId('image-placeholder')).toBeInTheDocument();
  });

  it('falls back to a placeholder when an image fails to load', async () => {
    const inbound = makeInbound();
    setup(inbound, `/inbounds/inbound?uid=${inbound.uid}`);
    const [shirt] = await screen.findAllByTestId('product-row');
    const img = within(shirt!).getByRole('img', { name: 'Linen Shirt' });
    fireEvent.error(img);
    expect(within(shirt!).getByTestId('image-placeholder')).toBeInTheDocument();
  });

  it('copies EAN and SKU codes with their tooltips and Copied! feedback', async () => {
    // jsdom cannot compute the pointer-events Radix layers set, so skip that check here.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const inbound = makeInbound();
    setup(inbound, `/inbounds/inbound?uid=${inbound.uid}`);
    const [shirt] = await screen.findAllByTestId('product-row');
    const sku = within(shirt!).getByRole('button', { name: 'Copy SKU LS-BLUE-M' });
    await user.hover(sku);
    expect((await screen.findAllByText('Copy SKU Code')).length).toBeGreaterThan(0);
    await user.click(sku);
    expect(await navigator.clipboard.readText()).toBe('LS-BLUE-M');
    expect((await screen.findAllByText('Copied!')).length).toBeGreaterThan(0);
    // 'Copied!' lasts 2 s.
    await waitFor(() => expect(screen.queryByText('Copied!')).toBeNull());
    await user.unhover(sku);
    const ean = within(shirt!).getByRole('button', { name: 'Copy EAN 5941234567890' });
    await user.hover(ean);
    expect((await screen.findAllByText('Copy EAN Code')).length).toBeGreaterThan(0);
    await user.click(ean);
    expect(await navigator.clipboard.readText()).toBe('5941234567890');
  });

  it('shows Not implemented for any other tab', async () => {
    const inbound = makeInbound();
    setup(inbound, `/inbounds/inbound?uid=${inbound.uid}&tab=history`);
    expect(await screen.findByText('Not implemented')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'false');
  });

  it('opens over the list from a row and closes back to it', async () => {
    const user = userEvent.setup();
    const inbound = makeInbound({ name: 'RCP-OVERLAY' });
    const { router } = setup(inbound, '/inbounds');
    await user.click(await screen.findByRole('link', { name: 'RCP-OVERLAY' }));
    expect(router.state.location.pathname).toBe('/inbounds/inbound');
    expect(router.state.location.search).toBe(`?uid=${inbound.uid}&cached=true`);
    const dialog = await screen.findByTestId('inbound-detail');
    expect(await within(dialog).findByRole('heading', { name: 'RCP-OVERLAY' })).toBeInTheDocument();
    // The list stays underneath.
    expect(screen.getByTestId('inbounds-table')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close inbound' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbounds'));
  });

  it('leaves the header in use: only the list under it is out of reach, and Esc gives the focus back to the row', async () => {
    const user = userEvent.setup();
    const inbound = makeInbound({ name: 'RCP-LAYER' });
    const { router } = setup(inbound, '/inbounds', {}, inShell);
    await user.click(await screen.findByRole('link', { name: 'RCP-LAYER' }));
    const dialog = await screen.findByTestId('inbound-detail');
    await within(dialog).findByRole('heading', { name: 'RCP-LAYER' });
    const main = document.querySelector('main')!;
    expect(main).toHaveAttribute('inert');
    expect(dialog.closest('[inert], [aria-hidden="true"]')).toBeNull();
    const bell = screen.getByRole('button', { name: 'Notifications', hidden: true });
    expect(bell.closest('[inert], [aria-hidden="true"]')).toBeNull();

    // A click in the header is not a click on the dimmed list: the inbound stays open.
    await user.click(bell);
    expect(router.state.location.pathname).toBe('/inbounds/inbound');
    expect(screen.getByTestId('inbound-detail')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbounds'));
    expect(main).not.toHaveAttribute('inert');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'RCP-LAYER' })));
  });

  it('closes the popup when the detail fails to load', async () => {
    const inbound = makeInbound();
    const { router } = setup(inbound, '/inbounds/inbound?uid=missing&cached=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbounds'));
    expect(screen.queryByTestId('inbound-detail')).toBeNull();
  });
});
