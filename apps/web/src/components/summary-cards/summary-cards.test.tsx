import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type SummaryCard, SummaryCards } from './summary-cards.js';

const cards: SummaryCard[] = [
  { id: 'errors', label: 'Issues & Errors', count: 0, colour: 'green', showCount: true, active: true },
  { id: 'alerts', label: 'Alerts & Warnings', count: 12, colour: 'orange', showCount: true, active: true },
  { id: 'done', label: 'Delivered & Done', count: 0, colour: 'green', showCount: false, active: false },
];

describe('SummaryCards', () => {
  it('while loading shows a placeholder instead of each count, never a 0, and the cards are inert', () => {
    render(<SummaryCards cards={cards} onToggle={vi.fn()} loading label="Order priorities" />);
    const group = screen.getByRole('group', { name: 'Order priorities' });
    expect(group).toHaveAttribute('aria-busy', 'true');
    const errors = screen.getByTestId('summary-errors');
    expect(errors).toHaveTextContent(/^Issues & Errors$/);
    expect(within(errors).getByTestId('skeleton-block')).toBeInTheDocument();
    expect(screen.getByTestId('summary-alerts')).not.toHaveTextContent('12');
    // A hidden count stays hidden: no placeholder either.
    expect(within(screen.getByTestId('summary-done')).queryByTestId('skeleton-block')).toBeNull();
    for (const card of within(group).getAllByRole('button')) {
      expect(card).toBeDisabled();
      // No priority colour before the counts are known.
      expect(card.style.getPropertyValue('--card-colour')).toBe('');
    }
  });

  it('once loaded shows the counts, zeros included', () => {
    render(<SummaryCards cards={cards} onToggle={vi.fn()} label="Order priorities" />);
    expect(screen.getByRole('group', { name: 'Order priorities' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByTestId('summary-errors')).toHaveTextContent('Issues & Errors0');
    expect(screen.getByTestId('summary-alerts')).toHaveTextContent('Alerts & Warnings12');
    expect(screen.queryByTestId('skeleton-block')).toBeNull();
    expect(screen.getByTestId('summary-errors')).toBeEnabled();
    expect(screen.getByTestId('summary-alerts').style.getPropertyValue('--card-colour')).not.toBe('');
  });
});
