import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppFooter } from './app-footer.js';

describe('AppFooter', () => {
  it("shows the gateway's version and commit", () => {
    render(<AppFooter gateway={{ version: '1.0.0', commit: 'abc1234' }} />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Waybill 1.0.0 · abc1234');
  });

  it('shows nothing for a gateway that does not say (an older one during a rolling deploy)', () => {
    const { container } = render(<AppFooter gateway={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
