import { describe, expect, it } from 'vitest';
import { reconnectDelayMs, WS_RECONNECT_MAX_DELAY_MS } from './reconnect-delay.js';

describe('reconnectDelayMs', () => {
  it('tries at once, then waits half to all of the cap, never more', () => {
    expect(reconnectDelayMs(0, () => 0.9)).toBe(0);
    expect(reconnectDelayMs(1, () => 0)).toBe(WS_RECONNECT_MAX_DELAY_MS / 2);
    expect(reconnectDelayMs(1, () => 1)).toBe(WS_RECONNECT_MAX_DELAY_MS);
    for (const attempt of [2, 5, 30]) {
      expect(reconnectDelayMs(attempt, () => 1)).toBeLessThanOrEqual(WS_RECONNECT_MAX_DELAY_MS);
      expect(reconnectDelayMs(attempt, () => 0)).toBeGreaterThanOrEqual(WS_RECONNECT_MAX_DELAY_MS / 2);
    }
  });
});
