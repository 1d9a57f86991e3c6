import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownFilter } from './dropdown-filter.js';

const options = Array.from({ length: 30 }, (_, i) => ({
  value: `m${i}`,
  label: `Shop ${i}`,
  count: 100 - i,
}));

describe('DropdownFilter', () => {
  it('shows a selected option ranked past the cap ticked in the menu, where it can be removed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DropdownFilter
        label="Merchant"
        allLabel="All Merchants"
        options={options}
        selected={['m27']}
        onChange={onChange}
        moreNoun="Merchants"
      />,
    );
    await user.click(screen.getByRole('button', { name: /Merchant/ }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemcheckbox');
    expect(items).toHaveLength(23);
    const chosen = within(menu).getByRole('menuitemcheckbox', { name: /Shop 27/ });
    expect(chosen).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('note')).toHaveTextContent('+ 7 More Merchants');
    await user.click(chosen);
    expect(onChange).toHaveBeenCalledWith([]);
  });
});
