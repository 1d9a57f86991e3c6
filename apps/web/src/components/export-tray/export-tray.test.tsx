import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ExportJobsProvider } from '../../hooks/use-export-jobs.js';
import { type Emit, inputsOf, renderRoutes } from '../../test/trpc-mock.js';
import { ExportTray, trayButtonText } from './export-tray.js';

// Generous waits: the suite shares a loaded CI machine.

const job = (over: Record<string, unknown>) => ({
  jobId: 'exp_a',
  inboundUid: 'in_a',
  inboundName: 'RCP-A',
  status: 'running',
  progress: 40,
  checks: 2,
  error: null,
  failure: null,
  startedAt: 2,
  downloadPath: null,
  updatedAt: 2,
  ...over,
});

function setup() {
  const emitters = new Map<string, Emit>();
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <ExportJobsProvider>
            <ExportTray />
          </ExportJobsProvider>
        ),
      },
    ],
    '/',
    {
      handlers: {
        'inbounds.export.list': () => ({
          jobs: [
            job({}),
            job({
              jobId: 'exp_b',
              inboundUid: 'in_b',
              inboundName: 'RCP-B',
              status: 'failed',
              failure: 'timed_out',
              error: 'Export did not complete after 200 checks',
              startedAt: 1,
              updatedAt: 1,
            }),
          ],
        }),
        'inbounds.export.progress': (input, emit) => {
          emitters.set(input.jobId, emit);
          emit(job({ jobId: input.jobId }));
        },
        'inbounds.export.start': (input) =>
          job({ jobId: 'exp_c', inboundUid: input.uid, inboundName: 'RCP-B', progress: 0, startedAt: 3 }),
      },
    },
  );
  return { ...view, emitters };
}

describe('trayButtonText', () => {
  it('shows one running job as its percentage, several as a count, else what is ready or failed', () => {
    expect(trayButtonText([{ status: 'running', progress: 44.6 }])).toBe('Exporting 45%');
    expect(
      trayButtonText([
        { status: 'running', progress: 10 },
        { status: 'running', progress: 20 },
        { status: 'done', progress: 100 },
      ]),
    ).toBe('2 exports running');
    expect(trayButtonText([{ status: 'done', progress: 100 }])).toBe('Exports (1 ready)');
    expect(trayButtonText([{ status: 'failed', progress: 50 }])).toBe('Exports (1 failed)');
    expect(
      trayButtonText([
        { status: 'done', progress: 100 },
        { status: 'failed', progress: 50 },
      ]),
    ).toBe('Exports (1 ready, 1 failed)');
    expect(trayButtonText([])).toBe('Exports');
  });
});

describe('the export tray', () => {
  it('re-attaches to the listed jobs, follows the running one to its file, and retries a failed one', async () => {
    const user = userEvent.setup();
    const { log, emitters } = setup();
    const button = await screen.findByTestId('export-tray-button');
    expect(button).toHaveTextContent('Exporting 40%');
    // Only the running job is followed, over its subscription; nothing polls the list.
    await waitFor(() => expect(inputsOf(log, 'inbounds.export.progress')).toEqual([{ jobId: 'exp_a' }]));

    await user.click(button);
    const panel = await screen.findByTestId('export-tray');
    expect(within(panel).getByRole('progressbar', { name: 'Export of RCP-A' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    // The reason in the console's words, not the server's text.
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Export failed: The file took too long to make.',
    );
    expect(panel).not.toHaveTextContent('200 checks');

    act(() =>
      emitters.get('exp_a')!(
        job({ status: 'done', progress: 100, downloadPath: '/exports/exp_a/download', updatedAt: 5 }),
      ),
    );
    const link = await within(panel).findByRole('link', { name: 'Download RCP-A' });
    expect(link).toHaveAttribute('href', '/exports/exp_a/download');

    await user.click(within(panel).getByRole('button', { name: 'Retry export of RCP-B' }));
    await waitFor(() => expect(inputsOf(log, 'inbounds.export.start')).toEqual([{ uid: 'in_b' }]));
    // The retry takes the failed job's place and is followed in turn.
    await waitFor(() => expect(within(panel).queryByRole('alert')).toBeNull());
    await waitFor(() =>
      expect(inputsOf(log, 'inbounds.export.progress')).toEqual([{ jobId: 'exp_a' }, { jobId: 'exp_c' }]),
    );
    expect(within(panel).getAllByTestId('export-job')).toHaveLength(2);
    expect(inputsOf(log, 'inbounds.export.list')).toHaveLength(1);
  });

  it('is hidden while the user has no export', async () => {
    const { log } = renderRoutes(
      [
        {
          path: '/',
          element: (
            <ExportJobsProvider>
              <ExportTray />
            </ExportJobsProvider>
          ),
        },
      ],
      '/',
      { handlers: { 'inbounds.export.list': () => ({ jobs: [] }) } },
    );
    await waitFor(() => expect(inputsOf(log, 'inbounds.export.list')).toHaveLength(1));
    expect(screen.queryByTestId('export-tray-button')).toBeNull();
  });
});
