import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from './back-to-top.js';

function List() {
  const header = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  return (
    <>
      <div ref={header} data-testid="top" />
      <table ref={table} tabIndex={-1} aria-label="Orders">
        <tbody>
          <tr>
            <td>row</td>
          </tr>
        </tbody>
      </table>
      <BackToTop headerRef={header} focusAfter={table} />
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Back to Top', () => {
  it('leaves the keyboard focus on the list it went up, not on the page', async () => {
    // Scrolled far down: the header's place is well above the viewport (jsdom has no layout).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -2000, 100, 10));
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<List />);
    const button = await screen.findByRole('button', { name: 'Back to Top' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.getByRole('table', { name: 'Orders' })).toHaveFocus();
  });
});
