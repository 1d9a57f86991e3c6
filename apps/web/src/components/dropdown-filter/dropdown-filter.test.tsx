import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownFilter } from './dropdown-filter.js';

const options = Array.from({ length: 30 }, (_, i) => ({
  value: `m${i}`,
  label: `Shop ${i}`,
  count: 100 - i,
}));

function renderMerchants(selected: string[] = [], onChange = vi.fn()) {
  render(
    <DropdownFilter
      label="Merchant"
      allLabel="All Merchants"
      options={options}
      selected={selected}
      onChange={onChange}
      moreNoun="Merchants"
    />,
  );
  return onChange;
}

describe('DropdownFilter', () => {
  it('shows a selected option ranked past the cap ticked in the menu, where it can be removed', async () => {
    const user = userEvent.setup();
    const onChange = renderMerchants(['m27']);
    await user.click(screen.getByRole('button', { name: /Merchant/ }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemcheckbox');
    expect(items).toHaveLength(23);
    const chosen = within(menu).getByRole('menuitemcheckbox', { name: /Shop 27/ });
    expect(chosen).toHaveAttribute('aria-checked', 'true');
    const more = within(menu).getByRole('menuitem', { name: /More Merchants/ });
    expect(more).toHaveTextContent('+ 7 More Merchants');
    expect(more).toHaveAttribute('aria-disabled', 'true');
    await user.click(chosen);
    expect(onChange).toHaveBeenCalledWith([]);
  });

  it('keeps the filter box out of the menu: the menu holds only its items and separator', async () => {
    const user = userEvent.setup();
    renderMerchants();
    const trigger = screen.getByRole('button', { name: 'Merchant: All Merchants' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    const menu = within(dialog).getByRole('menu', { name: 'Merchant' });
    const box = within(dialog).getByRole('textbox', { name: 'Filter merchant options' });
    expect(menu.contains(box)).toBe(false);
    for (const child of menu.children) {
      expect(child.getAttribute('role')).toMatch(/^(menuitem|menuitemcheckbox|separator)$/);
    }
  });

  it('goes from the box to the first option with Arrow Down or Tab, and back with Arrow Up or Shift+Tab', async () => {
    const user = userEvent.setup();
    renderMerchants();
    screen.getByRole('button', { name: 'Merchant: All Merchants' }).focus();
    await user.keyboard('{Enter}');
    const box = await screen.findByRole('textbox', { name: 'Filter merchant options' });
    const all = screen.getByRole('menuitem', { name: 'All Merchants' });
    // Opened with the keyboard: the first option has the focus, Arrow Up goes to the box.
    await vi.waitFor(() => expect(all).toHaveFocus());
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(all).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('menuitemcheckbox')[1]).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(box).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(all).toHaveFocus();
  });

  it('types in the box without the menu jumping, filters the options, and Escape closes', async () => {
    const user = userEvent.setup();
    const onChange = renderMerchants();
    await user.click(screen.getByRole('button', { name: 'Merchant: All Merchants' }));
    const box = await screen.findByRole('textbox', { name: 'Filter merchant options' });
    // A click opens the popup with the focus on it; Tab goes to the box.
    await vi.waitFor(() => expect(screen.getByRole('dialog')).toHaveFocus());
    await user.keyboard('{Tab}');
    expect(box).toHaveFocus();
    await user.keyboard('shop 2');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('shop 2');
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(Array.from({ length: 11 }, (_, i) => (i === 0 ? 2 : 19 + i)).map((n) => `Shop ${n}${100 - n}`));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(['m2']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
