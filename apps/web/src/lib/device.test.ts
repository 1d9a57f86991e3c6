import { describe, expect, it } from 'vitest';
import { trackDeviceAttributes } from './device.js';

// Which kind a user agent is lives in the contracts' device rule and its test.
describe('device attributes', () => {
  it('writes the attributes on <html> and #root and recomputes them on resize', () => {
    document.body.innerHTML = '<div id="root"></div>';
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1400 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 });
    const stop = trackDeviceAttributes(window);
    expect(document.documentElement.dataset.device).toBe('desktop');
    expect(document.getElementById('root')?.dataset.orientation).toBe('landscape');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 600 });
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.dataset.orientation).toBe('portrait');
    expect(document.getElementById('root')?.dataset.orientation).toBe('portrait');
    stop();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1400 });
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.dataset.orientation).toBe('portrait');
  });
});
