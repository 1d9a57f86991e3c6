import { describe, expect, it } from 'vitest';
import { jobsButtonText } from './export-tray.js';

const bulk = (state: 'running' | 'done' | 'interrupted', done = 10) => ({
  state,
  summary: 'Mark as Lost',
  done,
  total: 140,
});
const exporting = { status: 'running' as const, progress: 40 };

describe('jobsButtonText', () => {
  it('says how far a single running bulk action got', () => {
    expect(jobsButtonText([], [bulk('running')])).toBe('Mark as Lost: 10 of 140');
    expect(jobsButtonText([], [bulk('running'), bulk('done', 140)])).toBe('Mark as Lost: 10 of 140');
  });

  it('counts the running jobs of both kinds, and names the tray once none runs', () => {
    expect(jobsButtonText([exporting], [bulk('running')])).toBe('2 jobs running');
    expect(jobsButtonText([exporting], [bulk('done', 140)])).toBe('Exporting 40%');
    expect(jobsButtonText([], [bulk('done', 140)])).toBe('Bulk actions');
    expect(jobsButtonText([{ status: 'done', progress: 100 }], [bulk('interrupted')])).toBe(
      'Exports and bulk actions',
    );
    // Exports alone read as before.
    expect(jobsButtonText([exporting], [])).toBe('Exporting 40%');
  });
});
