import { render, screen } from '@testing-library/react';
import { COURIERS } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { CourierLogo } from './courier-logo.js';
import { COURIER_MARKS } from './courier-marks.js';

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('CourierLogo', () => {
  it('has a mark for every known courier brand except the unknown one, each readable', () => {
    const brands = new Set(Object.values(COURIERS).map((c) => c.logo));
    brands.delete('unknown');
    expect([...brands].filter((b) => !COURIER_MARKS[b])).toEqual([]);
    for (const [brand, m] of Object.entries(COURIER_MARKS)) {
      expect(contrast(m.background, m.foreground), brand).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws the mark with the name for screen readers and as tooltip', () => {
    render(<CourierLogo courierKey="gls_ro" name="GLS" />);
    const mark = screen.getByTestId('courier-mark');
    expect(mark).toHaveAttribute('data-logo', 'gls');
    expect(mark).toHaveAttribute('title', 'GLS');
    expect(mark.querySelector('svg text')?.textContent).toBe('GLS');
    expect(screen.getByText('GLS', { selector: '.visually-hidden' })).toBeInTheDocument();
  });

  it('falls back to the text chip for a courier without a mark', () => {
    render(<CourierLogo logo="unknown:acme_post" name="Courier" />);
    expect(screen.queryByTestId('courier-mark')).toBeNull();
    expect(screen.getByText('Courier')).toHaveAttribute('title', 'Courier');
    render(<CourierLogo courierKey="no_such_courier" name="Courier X" />);
    expect(screen.getByText('Courier X')).toHaveAttribute('data-logo', 'none');
  });
});

describe('CourierLogo beside a label', () => {
  it('is hidden from screen readers, and absent without a mark', () => {
    const { container } = render(<CourierLogo courierKey="dpd_ro" name="DPD Romania" decorative />);
    expect(container.querySelector('[data-logo="dpd"]')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText('DPD Romania')).toBeNull();
    const none = render(<CourierLogo courierKey="no_such_courier" name="Courier" decorative />);
    expect(none.container).toBeEmptyDOMElement();
  });
});
