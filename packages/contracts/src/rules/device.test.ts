import { describe, expect, it } from 'vitest';
import { deviceKind, orientation } from './device.js';

describe('device kind from the user agent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 0, 'desktop'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17 Safari/605.1.15',
      0,
      'desktop',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17 Safari/605.1.15',
      5,
      'tablet',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) Firefox/121.0', 0, 'desktop'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 5, 'phone'],
    ['Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)', 5, 'phone'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) Mobile/15E148', 5, 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36', 5, 'phone'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) Chrome/120 Safari/537.36', 5, 'tablet'],
    ['Mozilla/5.0 (Linux; Android 9; KFTRWI) Silk/98 like Chrome', 5, 'tablet'],
    ['Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1) Edge/15', 5, 'phone'],
    ['', 0, 'desktop'],
  ])('%s (touch %i) → %s', (ua, touch, kind) => {
    expect(deviceKind(ua, touch)).toBe(kind);
  });
});

describe('orientation', () => {
  it.each([
    [1920, 1080, 'landscape'],
    [1080, 1920, 'portrait'],
    [800, 800, 'portrait'],
    [0, 0, 'portrait'],
  ])('%i x %i → %s', (w, h, o) => {
    expect(orientation(w, h)).toBe(o);
  });
});
