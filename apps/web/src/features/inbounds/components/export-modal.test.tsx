import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportTray } from '../../../components/export-tray/export-tray.js';
import { ExportJobsProvider } from '../../../hooks/use-export-jobs.js';
import { type Emit, type Handlers, inputsOf, renderRoutes } from '../../../test/trpc-mock.js';
import { makeInbound, referenceHandlers, searchResponse, snapshotOf } from '../test/fixtures.js';
import { InboundsPage } from './inbounds-page.js';

// Generous waits: the suite shares a loaded CI machine.

const inbound = makeInbound({ name: 'RCP-TRAY' });
const state = (over: Record<string, unknown> = {}) => ({
  jobId: 'exp_t',
  inboundUid: inbound.uid,
  inboundName: inbound.name,
  status: 'running',
  progress: 40,
  checks: 2,
  error: null,
  failure: null,
  startedAt: 1,
  downloadPath: null,
  updatedAt: 1,
  ...over,
});

/** The inbounds screen inside the export tray's provider, as the signed-in layout mounts it. */
function setup(handlers: Handlers) {
  const response = searchResponse([inbound]);
  return renderRoutes(
    [
      {
        path: '/inbounds',
        element: (
          <ExportJobsProvider>
            <ExportTray />
            <InboundsPage />
          </ExportJobsProvider>
        ),
      },
    ],
    '/inbounds',
    {
      handlers: {
        ...referenceHandlers(),
        'inbounds.live': (_input, emit) => emit(snapshotOf(response)),
        'inbounds.search': () => response,
        ...handlers,
      },
    },
  );
}

async function openExport(user: ReturnType<typeof userEvent.setup>) {
  const trigger = await screen.findByRole('button', { name: `Actions for ${inbound.name}` });
  trigger.focus();
  await user.keyboard('{Enter}');
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Export' }));
  return screen.findByRole('dialog', { name: 'Export Inbound' });
}

afterEach(() => vi.restoreAllMocks());

describe('the export modal with the export tray', () => {
  it('follows the running export of its inbound, says closing is safe, and opens the file when done', async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    let emit: Emit = () => {};
    const { log } = setup({
      'inbounds.export.list': () => ({ jobs: [state()] }),
      'inbounds.export.progress': (_input, send) => {
        emit = send;
        send(state());
      },
    });
    const dialog = await openExport(user);
    // Re-attached without pressing EXPORT: no second job is started.
    const bar = await within(dialog).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(dialog).getByTestId('export-continues')).toHaveTextContent('the export keeps running');
    expect(inputsOf(log, 'inbounds.export.start')).toEqual([]);
    act(() =>
      emit(state({ status: 'done', progress: 100, downloadPath: '/exports/exp_t/download', updatedAt: 2 })),
    );
    await waitFor(() => expect(clicked).toEqual(['/exports/exp_t/download']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 6000 });
    // One subscription, the tray's: the modal does not open its own.
    expect(inputsOf(log, 'inbounds.export.progress')).toEqual([{ jobId: 'exp_t' }]);
  });

  it('leaves the job running when closed mid-export: no file opens, the subscription stays', async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    let closed = false;
    let emit: Emit = () => {};
    setup({
      'inbounds.export.list': () => ({ jobs: [] }),
      'inbounds.export.start': () => state({ progress: 0 }),
      'inbounds.export.progress': (_input, send) => {
        emit = send;
        return () => {
          closed = true;
        };
      },
    });
    const dialog = await openExport(user);
    await user.click(within(dialog).getByRole('button', { name: 'EXPORT' }));
    await within(dialog).findByRole('progressbar');
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The tray still follows the job.
    expect(closed).toBe(false);
    act(() => emit(state({ progress: 75, updatedAt: 2 })));
    await waitFor(() => expect(screen.getByTestId('export-tray-button')).toHaveTextContent('Exporting 75%'));
    act(() =>
      emit(state({ status: 'done', progress: 100, downloadPath: '/exports/exp_t/download', updatedAt: 3 })),
    );
    // The job finished after the modal closed: the tray offers the file, nothing pops up.
    await waitFor(() =>
      expect(screen.getByTestId('export-tray-button')).toHaveTextContent('Exports (1 ready)'),
    );
    expect(clicked).toEqual([]);
  });
});
