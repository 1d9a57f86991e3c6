import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../toast/toast.js';
import { LabelLink } from './label-link.js';

const order = { uid: 'ord_1', reference: 'WB1001' };

function renderLink() {
  render(
    <ToastProvider>
      <LabelLink order={order} label={{ shipment: 2, box: 1 }} aria-label="PDF shipping label">
        PDF
      </LabelLink>
    </ToastProvider>,
  );
  return screen.getByRole('link', { name: 'PDF shipping label' });
}

afterEach(() => vi.unstubAllGlobals());

describe('LabelLink: a shipping label saved from the gateway', () => {
  it('points at the gateway and names the file after the order', () => {
    const link = renderLink();
    expect(link.getAttribute('href')).toBe('/orders/ord_1/labels/2-1.pdf');
    expect(link.getAttribute('download')).toBe('label-WB1001-2-1.pdf');
  });

  it('says "Download failed" in its own words when the gateway does not give the file', async () => {
    const fetch = vi.fn(
      async () => new Response('{"message":"Backend failed on /files (HTTP 503)"}', { status: 502 }),
    );
    vi.stubGlobal('fetch', fetch);
    const link = renderLink();
    await userEvent.click(link);
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(screen.getByText('The file could not be fetched. Try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByText(/Backend failed/)).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      expect.stringMatching(/\/orders\/ord_1\/labels\/2-1\.pdf$/),
      expect.objectContaining({ redirect: 'manual' }),
    );
  });
});
