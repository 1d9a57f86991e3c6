import { describe, expect, it } from 'vitest';
import { displayedLabel, formatCount, shorten } from './format.js';

describe('format helpers', () => {
  it('shortens with an ellipsis only past the limit', () => {
    expect(shorten('RCP-2024-000123', 18)).toBe('RCP-2024-000123');
    expect(shorten('A very long reception name here', 18)).toBe('A very long recep…');
    expect(shorten('A very long reception name here', 18)).toHaveLength(18);
    expect(shorten(null, 18)).toBe('');
  });

  it('groups numbers', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('uses the singular footer label only for 1', () => {
    expect(displayedLabel(1, 'Inbound', 'Inbounds')).toBe('1 Inbound Displayed');
    expect(displayedLabel(0, 'Inbound', 'Inbounds')).toBe('0 Inbounds Displayed');
    expect(displayedLabel(1200, 'Inbound', 'Inbounds')).toBe('1,200 Inbounds Displayed');
  });
});
