import { describe, expect, it } from 'vitest';
import { ERROR_TEXT } from './errors.js';
import {
  EXPORT_FAILURE_TEXT,
  EXPORTS_FULL_TEXT,
  exportFailureText,
  exportStartRefusal,
} from './export-failure.js';

describe('exportFailureText', () => {
  it('words each reason code in the console voice', () => {
    expect(exportFailureText('unreachable')).toBe(EXPORT_FAILURE_TEXT.unreachable);
    expect(exportFailureText('timed_out')).toBe('The file took too long to make.');
    expect(exportFailureText('rejected')).toBe('The backend could not produce the file.');
  });

  it('falls back to the generic message for a missing or unknown code, never echoing it', () => {
    expect(exportFailureText(null)).toBe(EXPORT_FAILURE_TEXT.generic);
    expect(exportFailureText('Backend unavailable (simulated fault)')).toBe(EXPORT_FAILURE_TEXT.generic);
    expect(exportFailureText('toString')).toBe(EXPORT_FAILURE_TEXT.generic);
  });
});

describe('exportStartRefusal', () => {
  const refusal = (code: string, limit: string | null, message = 'server words') =>
    Object.assign(new Error(message), { data: { code, limit } });

  it('names the per-person limit when the gateway says it applied it, without its text', () => {
    const text = exportStartRefusal(
      refusal(
        'TOO_MANY_REQUESTS',
        'EXPORT_JOBS_RUNNING_PER_USER',
        'You have 5 exports running, the most one person may (max 5, EXPORT_JOBS_RUNNING_PER_USER): wait for one to finish',
      ),
    );
    expect(text).toBe(EXPORTS_FULL_TEXT);
    expect(text).not.toContain('EXPORT_JOBS_RUNNING_PER_USER');
  });

  it('keeps the general words for any other refusal, whatever its text says', () => {
    expect(exportStartRefusal(refusal('TOO_MANY_REQUESTS', null, 'EXPORT_JOBS_RUNNING_PER_USER'))).toBe(
      ERROR_TEXT.busy,
    );
    expect(exportStartRefusal(refusal('FORBIDDEN', null))).toBe(ERROR_TEXT.forbidden);
    expect(exportStartRefusal(new Error('boom'))).toBe('The export could not be started.');
  });
});
