import { describe, expect, it } from 'vitest';
import { displayedLabel, formatCount, initials, relativeTime, shorten } from './format.js';

describe('format helpers', () => {
  it('shortens with an ellipsis only past the limit', () => {
    expect(shorten('RCP-2024-000123', 18)).toBe('RCP-2024-000123');
    expect(shorten('A very long reception name here', 18)).toBe('A very long recep…');
    expect(shorten('A very long reception name here', 18)).toHaveLength(18);
    expect(shorten(null, 18)).toBe('');
  });

  it('groups numbers and builds initials from the first two words', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(initials('ana maria popescu')).toBe('AM');
    expect(initials('Ion')).toBe('I');
    expect(initials('  ')).toBe('');
  });

  it('uses the singular footer label only for 1', () => {
    expect(displayedLabel(1, 'Inbound', 'Inbounds')).toBe('1 Inbound Displayed');
    expect(displayedLabel(0, 'Inbound', 'Inbounds')).toBe('0 Inbounds Displayed');
    expect(displayedLabel(1200, 'Inbound', 'Inbounds')).toBe('1,200 Inbounds Displayed');
  });

  it('writes relative times with singular and plural units', () => {
    const now = new Date('2024-03-10T12:00:00Z');
    const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
    expect(ago(30_000)).toBe('Just now');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(59 * 60_000)).toBe('59 minutes ago');
    expect(ago(3_600_000)).toBe('1 hour ago');
    expect(ago(23 * 3_600_000)).toBe('23 hours ago');
    expect(ago(24 * 3_600_000)).toBe('1 day ago');
    expect(ago(5 * 24 * 3_600_000)).toBe('5 days ago');
    expect(relativeTime(new Date(now.getTime() + 60_000), now)).toBe('Just now');
  });
});
