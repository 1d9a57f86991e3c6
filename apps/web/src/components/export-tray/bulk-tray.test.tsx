import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BulkJobsProvider } from '../../hooks/use-bulk-jobs.js';
import { renderRoutes } from '../../test/trpc-mock.js';
import { ExportTray } from './export-tray.js';

// Generous waits: the suite shares a loaded CI machine.

const finished = {
  jobId: 'bulk_a',
  kind: 'status',
  summary: 'Mark as Lost',
  state: 'done',
  total: 3,
  done: 3,
  ok: 2,
  failed: 1,
  startedAt: 1,
  updatedAt: 2,
};

describe('bulk actions in the header tray', () => {
  it("lists a finished job with its outcome and opens each order's result in the console's words", async () => {
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <BulkJobsProvider>
              <ExportTray />
            </BulkJobsProvider>
          ),
        },
      ],
      '/',
      {
        handlers: {
          'orders.bulkJobs': () => ({ jobs: [finished] }),
          'orders.bulkJob': () => ({
            ...finished,
            results: [
              { uid: 'o1', ok: true, error: null, reference: 'REF-1' },
              { uid: 'o2', ok: false, error: 'rejected', reference: null },
              { uid: 'o3', ok: true, error: null, reference: 'REF-3' },
            ],
          }),
        },
      },
    );
    const button = await screen.findByTestId('export-tray-button');
    expect(button).toHaveTextContent('Bulk actions');
    await user.click(button);
    const entry = await within(await screen.findByTestId('export-tray')).findByTestId('bulk-job');
    expect(entry).toHaveTextContent('2 changed, 1 failed');

    await user.click(within(entry).getByRole('button', { name: 'Results of Mark as Lost on 3 orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Lost: 3 orders' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('bulk-progress')).toHaveTextContent(
        '3 of 3 done: 2 changed, 1 failed',
      ),
    );
    const items = within(dialog).getAllByTestId('bulk-item');
    expect(items.map((i) => i.textContent)).toEqual([
      '#REF-1Done',
      'o2Not accepted for this order in its current status.',
      '#REF-3Done',
    ]);
  });
});
