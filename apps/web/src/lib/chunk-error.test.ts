import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-error.js';

describe('isChunkLoadError', () => {
  it("knows each browser's words for a lazy chunk that could not be loaded", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://waybill.test/assets/clients-CaJaiwO2.js',
      'error loading dynamically imported module: https://waybill.test/assets/clients-CaJaiwO2.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/clients-Cxb5LrMS.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves every other failure to the usual error page', () => {
    expect(isChunkLoadError(new Error('Root element not found'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
