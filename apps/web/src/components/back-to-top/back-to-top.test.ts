import { describe, expect, it } from 'vitest';
import { shouldShowBackToTop } from './back-to-top.js';

describe('Back to Top visibility', () => {
  it('shows once the table header is more than 40 px above the viewport and the footer is out of view', () => {
    expect(shouldShowBackToTop(-41, null, 900)).toBe(true);
    expect(shouldShowBackToTop(-40, null, 900)).toBe(false);
    expect(shouldShowBackToTop(-500, 1200, 900)).toBe(true);
  });

  it('hides while the footer is visible or without a header', () => {
    expect(shouldShowBackToTop(-500, 600, 900)).toBe(false);
    expect(shouldShowBackToTop(null, null, 900)).toBe(false);
  });
});
