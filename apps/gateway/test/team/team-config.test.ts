import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('holds and activity settings', () => {
  it('defaults: a hold idles out after 2 h; activity kept 30 days, at most 100,000 entries', () => {
    const config = loadConfig({});
    expect(config.HOLD_IDLE_MS).toBe(7_200_000);
    expect(config.ACTIVITY_KEEP_DAYS).toBe(30);
    expect(config.ACTIVITY_MAX_ENTRIES).toBe(100_000);
  });

  it('refuses bad values, naming the variable and the problem', () => {
    expect(() => loadConfig({ HOLD_IDLE_MS: 'two hours' })).toThrow(
      /HOLD_IDLE_MS="two hours": must be a whole number in decimal digits/,
    );
    expect(() => loadConfig({ HOLD_IDLE_MS: '10' })).toThrow(/HOLD_IDLE_MS="10": must be at least 1000/);
    expect(() => loadConfig({ ACTIVITY_KEEP_DAYS: '0' })).toThrow(
      /ACTIVITY_KEEP_DAYS="0": must be at least 1/,
    );
    expect(() => loadConfig({ ACTIVITY_MAX_ENTRIES: '1.5' })).toThrow(
      /ACTIVITY_MAX_ENTRIES="1.5": must be a whole number/,
    );
  });
});
