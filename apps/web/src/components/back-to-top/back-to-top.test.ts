import { describe, expect, it } from 'vitest';
import { inView, shouldShowBackToTop } from './back-to-top.js';

describe('Back to Top visibility', () => {
  it('shows once the table header is more than 40 px above the viewport, the list end included', () => {
    expect(shouldShowBackToTop(-41)).toBe(true);
    expect(shouldShowBackToTop(-40)).toBe(false);
    expect(shouldShowBackToTop(-5000)).toBe(true);
  });

  it('hides while the footer is in view when the list asks for it (the orders rule)', () => {
    expect(shouldShowBackToTop(-500, true)).toBe(false);
    expect(shouldShowBackToTop(-500, false)).toBe(true);
    expect(inView(730, 780, 720)).toBe(false);
    expect(inView(600, 780, 720)).toBe(true);
    expect(inView(-90, -10, 720)).toBe(false);
    expect(inView(null, null, 720)).toBe(false);
  });

  it('hides without a header', () => {
    expect(shouldShowBackToTop(null)).toBe(false);
  });
});
