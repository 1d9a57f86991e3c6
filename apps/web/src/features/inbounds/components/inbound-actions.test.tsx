import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangeInboundStatusInput, Inbound } from '@waybill/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Emit, type Handlers, inputsOf, renderRoutes } from '../../../test/trpc-mock.js';
import { makeInbound, referenceHandlers, searchResponse, snapshotOf } from '../test/fixtures.js';
import { InboundsPage } from './inbounds-page.js';

function setup(rows: Inbound[], handlers: Handlers = {}) {
  const response = searchResponse(rows);
  return renderRoutes([{ path: '/inbounds', element: <InboundsPage /> }], '/inbounds', {
    handlers: {
      ...referenceHandlers(),
      'inbounds.live': (_input, emit) => emit(snapshotOf(response)),
      'inbounds.search': () => response,
      'inbounds.changeStatus': (input) => ({
        inventory_receipt: { ...rows[0], status: input.status },
      }),
      ...handlers,
    },
  });
}

async function chooseAction(user: ReturnType<typeof userEvent.setup>, inboundName: string, action: string) {
  const trigger = await screen.findByRole('button', { name: `Actions for ${inboundName}` });
  trigger.focus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  await user.click(within(menu).getByRole('menuitem', { name: action }));
}

afterEach(() => vi.restoreAllMocks());

const CREATED_2023 = { created_at: '2023-06-01T08:00:00.000Z', updated_at: '2024-01-02T08:00:00.000Z' };
const pad = (n: number) => String(n).padStart(2, '0');
/** Types today's date into an open date modal (always inside the allowed range). */
async function typeToday(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const today = new Date();
  await user.type(within(dialog).getByLabelText('Day'), pad(today.getDate()));
  await user.type(within(dialog).getByLabelText('Month'), pad(today.getMonth() + 1));
  await user.type(within(dialog).getByLabelText('Year'), String(today.getFullYear()));
}
const pillOf = (name: string) =>
  within(
    within(screen.getByTestId('inbounds-table')).getByText(name).closest('tr') as HTMLElement,
  ).getByTestId('status-pill');

describe('inbound row actions', () => {
  it('offers all four actions whatever the status', async () => {
    const user = userEvent.setup();
    setup([makeInbound({ name: 'RCP-DONE', status: 'completed', display_priority: 4 })]);
    const trigger = await screen.findByRole('button', { name: 'Actions for RCP-DONE' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Mark as Arrived', 'Mark as Processing', 'Delete', 'Export']);
  });

  it('marks as arrived with the entered date at 15:00 and refreshes 2 s later', async () => {
    const user = userEvent.setup();
    // Created before the date entered: days before the creation are refused.
    const inbound = makeInbound({ name: 'RCP-ARRIVE', external_dates: CREATED_2023 });
    const { log } = setup([inbound]);
    await chooseAction(user, 'RCP-ARRIVE', 'Mark as Arrived');
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Arrived' });
    expect(document.body.style.overflow).toBe('hidden');
    const save = within(dialog).getByRole('button', { name: 'SAVE CHANGES' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Day'), '31');
    await user.type(within(dialog).getByLabelText('Month'), '02');
    await user.type(within(dialog).getByLabelText('Year'), '2024');
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Day'));
    await user.type(within(dialog).getByLabelText('Day'), '5');
    expect(within(dialog).getByLabelText('Day')).toHaveValue('05');
    await waitFor(() => expect(save).toBeEnabled());
    const searchesBefore = inputsOf(log, 'inbounds.search').length;
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [change] = inputsOf<ChangeInboundStatusInput>(log, 'inbounds.changeStatus');
    expect(change?.inboundUid).toBe(inbound.uid);
    expect(change?.status).toBe('arrived');
    const happened = new Date(change!.happenedAt);
    expect([happened.getFullYear(), happened.getMonth(), happened.getDate(), happened.getHours()]).toEqual([
      2024, 1, 5, 15,
    ]);
    expect(inputsOf(log, 'inbounds.search')).toHaveLength(searchesBefore);
    await waitFor(() => expect(inputsOf(log, 'inbounds.search').length).toBe(searchesBefore + 1));
  });

  it('hides CANCEL CHANGES and widens SAVE while saving, and marks as processing', async () => {
    const user = userEvent.setup();
    let release: (v: unknown) => void = () => {};
    const inbound = makeInbound({ name: 'RCP-PROC', external_dates: CREATED_2023 });
    const { log } = setup([inbound], {
      'inbounds.changeStatus': () => new Promise((resolve) => (release = resolve)),
    });
    await chooseAction(user, 'RCP-PROC', 'Mark as Processing');
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Processing' });
    await user.type(within(dialog).getByLabelText('Day'), '12');
    await user.type(within(dialog).getByLabelText('Month'), '03');
    await user.type(within(dialog).getByLabelText('Year'), '2024');
    await user.click(within(dialog).getByRole('button', { name: 'SAVE CHANGES' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'CANCEL CHANGES' })).toBeNull());
    expect(within(dialog).getByRole('button', { name: /SAVE CHANGES/ })).toHaveAttribute(
      'data-full-width',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: /SAVE CHANGES/ })).toBeDisabled();
    act(() => release({ inventory_receipt: inbound }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inputsOf<ChangeInboundStatusInput>(log, 'inbounds.changeStatus')[0]?.status).toBe('processing');
  });

  it('logs a failed status change and lets the user retry', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup([makeInbound({ name: 'RCP-FAIL' })], {
      'inbounds.changeStatus': () => {
        throw new Error('backend down');
      },
    });
    await chooseAction(user, 'RCP-FAIL', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Inbound' });
    await user.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('could not be deleted');
    expect(log).toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'DELETE' })).toBeEnabled();
  });

  it('deletes (cancels) after confirmation', async () => {
    const user = userEvent.setup();
    const inbound = makeInbound({ name: 'RCP-DEL' });
    const { log } = setup([inbound]);
    await chooseAction(user, 'RCP-DEL', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Inbound' });
    await user.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inputsOf<ChangeInboundStatusInput>(log, 'inbounds.changeStatus')[0]).toMatchObject({
      inboundUid: inbound.uid,
      status: 'cancelled',
    });
  });

  it('exports with live progress, downloads through the gateway and closes 1 s later', async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    let emit: Emit = () => {};
    const inbound = makeInbound({ name: 'RCP-EXPORT' });
    const { log } = setup([inbound], {
      'inbounds.export.start': () => ({
        jobId: 'exp_1',
        inboundUid: inbound.uid,
        status: 'running',
        progress: 0,
        checks: 0,
        error: null,
        downloadPath: null,
        updatedAt: Date.now(),
      }),
      'inbounds.export.progress': (_input, send) => {
        emit = send;
      },
    });
    await chooseAction(user, 'RCP-EXPORT', 'Export');
    const dialog = await screen.findByRole('dialog', { name: 'Export Inbound' });
    expect(dialog).toHaveTextContent(
      'The Excel file containing all the inbound details is ready for download.',
    );
    expect(dialog).toHaveTextContent('Please click the button below to proceed with your download.');
    await user.click(within(dialog).getByRole('button', { name: 'EXPORT' }));
    await waitFor(() => expect(inputsOf(log, 'inbounds.export.progress')).toEqual([{ jobId: 'exp_1' }]));
    expect(within(dialog).getByRole('button', { name: /EXPORT/ })).toBeDisabled();
    act(() => emit({ jobId: 'exp_1', status: 'running', progress: 40, error: null, downloadPath: null }));
    const bar = await within(dialog).findByRole('progressbar');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    act(() =>
      emit({
        jobId: 'exp_1',
        status: 'done',
        progress: 100,
        error: null,
        downloadPath: '/exports/exp_1/download',
      }),
    );
    await waitFor(() => expect(clicked).toEqual(['/exports/exp_1/download']));
    expect(screen.getByRole('dialog', { name: 'Export Inbound' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows an export failure in the console's words and resets the button", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const inbound = makeInbound({ name: 'RCP-EXPFAIL' });
    setup([inbound], {
      'inbounds.export.start': () => ({
        jobId: 'exp_2',
        inboundUid: inbound.uid,
        status: 'running',
        progress: 10,
        checks: 0,
        error: null,
        downloadPath: null,
        updatedAt: Date.now(),
      }),
      'inbounds.export.progress': (_input, emit) =>
        emit({
          jobId: 'exp_2',
          status: 'failed',
          progress: 10,
          error: 'Report timed out',
          downloadPath: null,
        }),
    });
    await chooseAction(user, 'RCP-EXPFAIL', 'Export');
    const dialog = await screen.findByRole('dialog', { name: 'Export Inbound' });
    await user.click(within(dialog).getByRole('button', { name: 'EXPORT' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Export failed: The backend could not finish the report; try again.');
    expect(alert).not.toHaveTextContent('Report timed out');
    expect(within(dialog).getByRole('button', { name: 'EXPORT' })).toBeEnabled();
  });
});

describe('inbound status feedback', () => {
  it('shows the new status at once and confirms with a toast', async () => {
    const user = userEvent.setup();
    let release: (v: unknown) => void = () => {};
    const inbound = makeInbound({ name: 'RCP-FAST', status: 'in_transit' });
    setup([inbound], { 'inbounds.changeStatus': () => new Promise((resolve) => (release = resolve)) });
    await chooseAction(user, 'RCP-FAST', 'Mark as Arrived');
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Arrived' });
    await typeToday(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'SAVE CHANGES' }));
    // Before the backend answers, the row already says Arrived.
    await waitFor(() => expect(pillOf('RCP-FAST')).toHaveAttribute('data-status', 'arrived'));
    act(() => release({ inventory_receipt: { ...inbound, status: 'arrived' } }));
    expect(await screen.findByText('Inbound RCP-FAST marked as Arrived')).toBeInTheDocument();
    expect(pillOf('RCP-FAST')).toHaveAttribute('data-status', 'arrived');
  });

  it('puts the old status back when the change fails, and confirms a delete', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const inbound = makeInbound({ name: 'RCP-BACK', status: 'in_transit' });
    setup([inbound], {
      'inbounds.changeStatus': (input) => {
        if (fail) throw new Error('backend down');
        return { inventory_receipt: { ...inbound, status: input.status } };
      },
    });
    await chooseAction(user, 'RCP-BACK', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Inbound' });
    await user.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('could not be deleted');
    expect(pillOf('RCP-BACK')).toHaveAttribute('data-status', 'in_transit');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText('Inbound RCP-BACK deleted')).toBeInTheDocument();
    expect(pillOf('RCP-BACK')).toHaveAttribute('data-status', 'cancelled');
  });

  it('refuses an arrival date before the inbound was created', async () => {
    const user = userEvent.setup();
    setup([makeInbound({ name: 'RCP-EARLY', external_dates: CREATED_2023 })]);
    await chooseAction(user, 'RCP-EARLY', 'Mark as Arrived');
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Arrived' });
    await user.type(within(dialog).getByLabelText('Day'), '31052023');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Enter a date from 01\/06\/2023 to /);
    expect(within(dialog).getByRole('button', { name: 'SAVE CHANGES' })).toBeDisabled();
  });

  it('keeps the modal and the typed date when someone else cancels the inbound, until reviewed', async () => {
    const user = userEvent.setup();
    let emit: Emit = () => {};
    const inbound = makeInbound({ name: 'RCP-RACE', status: 'in_transit' });
    const cancelled: Inbound = {
      ...inbound,
      status: 'cancelled',
      external_dates: { ...inbound.external_dates, updated_at: new Date().toISOString() },
    };
    const { log } = setup([inbound], {
      'inbounds.live': (_input, send) => {
        emit = send;
        send(snapshotOf(searchResponse([inbound])));
      },
      'inbounds.detail': () => ({ inventory_receipt: cancelled, inventory_items: [] }),
    });
    await chooseAction(user, 'RCP-RACE', 'Mark as Processing');
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Processing' });
    await typeToday(user, dialog);
    const save = within(dialog).getByRole('button', { name: 'SAVE CHANGES' });
    await waitFor(() => expect(save).toBeEnabled());
    // Someone else cancels it: the next live patch drops it from this (open-buckets) list.
    act(() => emit({ kind: 'patch', upserts: [], removed: [inbound.uid], meta: null }));
    const notice = await within(dialog).findByTestId('inbound-changed');
    expect(notice).toHaveTextContent(
      'This inbound was changed by someone else: status In Transit → Cancelled',
    );
    expect(screen.getByRole('dialog', { name: 'Mark as Processing' })).toBe(dialog);
    expect(save).toBeDisabled();
    expect(within(dialog).getByLabelText('Day')).toHaveValue(pad(new Date().getDate()));
    await user.keyboard('{Enter}');
    expect(inputsOf(log, 'inbounds.changeStatus')).toHaveLength(0);
    await user.click(within(notice).getByRole('button', { name: 'Review' }));
    expect(within(dialog).queryByTestId('inbound-changed')).toBeNull();
    expect(within(dialog).getByLabelText('Year')).toHaveValue(String(new Date().getFullYear()));
    await waitFor(() => expect(save).toBeEnabled());
  });
});
