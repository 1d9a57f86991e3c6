import { describe, expect, it } from 'vitest';
import { shorten } from './format.js';

describe('format helpers', () => {
  it('shortens with an ellipsis only past the limit', () => {
    expect(shorten('RCP-2024-000123', 18)).toBe('RCP-2024-000123');
    expect(shorten('A very long reception name here', 18)).toBe('A very long recep…');
    expect(shorten('A very long reception name here', 18)).toHaveLength(18);
    expect(shorten(null, 18)).toBe('');
  });
});
