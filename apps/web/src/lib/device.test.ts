import { describe, expect, it } from 'vitest';
import { deviceKind, orientation, trackDeviceAttributes } from './device.js';

describe('device attributes', () => {
  it('detects phones, tablets and desktops from the user agent', () => {
    expect(deviceKind('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe('desktop');
    expect(deviceKind('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('phone');
    expect(deviceKind('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe('phone');
    expect(deviceKind('Mozilla/5.0 (Linux; Android 13; SM-X700) Safari/537.36')).toBe('tablet');
    expect(deviceKind('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceKind('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605', 5)).toBe('tablet');
  });

  it('is landscape only when wider than tall', () => {
    expect(orientation(1200, 800)).toBe('landscape');
    expect(orientation(800, 800)).toBe('portrait');
    expect(orientation(400, 900)).toBe('portrait');
  });

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
