import { describe, expect, it } from 'vitest';
import { EXPORT_FAILURE_TEXT, exportFailureText } from './export-failure.js';

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
