import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { RowCheckbox, rowSelection, SelectAllCheckbox } from './selection.js';

const UIDS = ['a', 'b', 'c', 'd', 'e'];

function Rows() {
  return (
    <div>
      <SelectAllCheckbox />
      {UIDS.map((uid) => (
        <RowCheckbox key={uid} uid={uid} reference={`#${uid}`} />
      ))}
    </div>
  );
}

const box = (uid: string) =>
  screen.getByRole('checkbox', { name: `Select order #${uid}` }) as HTMLInputElement;
const ticked = () => UIDS.filter((u) => box(u).checked);

afterEach(() => act(() => rowSelection.clear()));

describe('row selection', () => {
  it('ticks one row, a Shift-click range, and unticks a range the same way', async () => {
    const user = userEvent.setup();
    act(() => rowSelection.setListed(UIDS));
    render(<Rows />);
    await user.click(box('b'));
    await user.keyboard('{Shift>}');
    await user.click(box('d'));
    await user.keyboard('{/Shift}');
    expect(ticked()).toEqual(['b', 'c', 'd']);
    await user.keyboard('{Shift>}');
    await user.click(box('c'));
    await user.keyboard('{/Shift}');
    // From d (clicked last) to c, following c: c was ticked, so both are unticked.
    expect(ticked()).toEqual(['b']);
  });

  it('the header box ticks every listed row, then none; a row leaving the list is no longer ticked', async () => {
    const user = userEvent.setup();
    act(() => rowSelection.setListed(UIDS));
    render(<Rows />);
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded orders' }));
    expect(ticked()).toEqual(UIDS);
    act(() => rowSelection.setListed(['a', 'b', 'd', 'e']));
    expect(rowSelection.snapshot().ticked).toEqual(['a', 'b', 'd', 'e']);
    act(() => rowSelection.setListed(UIDS));
    expect(box('c').checked).toBe(false);
    act(() => rowSelection.set(['e']));
    expect(ticked()).toEqual(['e']);
  });
});
