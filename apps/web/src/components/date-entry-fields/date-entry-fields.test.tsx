import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type DateParts, EMPTY_DATE_PARTS, partsToDate } from '../../lib/date-entry.js';
import { DateEntryFields } from './date-entry-fields.js';

function Harness() {
  const [parts, setParts] = useState<DateParts>(EMPTY_DATE_PARTS);
  const date = partsToDate(parts);
  return (
    <>
      <DateEntryFields value={parts} onChange={setParts} />
      <output data-testid="value">{date ? date.toString() : 'none'}</output>
    </>
  );
}

describe('DateEntryFields', () => {
  it('pads, moves focus from day to month to year, and builds a 15:00 date', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Day'));
    await user.keyboard('4');
    expect(screen.getByLabelText('Day')).toHaveValue('04');
    expect(screen.getByLabelText('Month')).toHaveFocus();
    await user.keyboard('3');
    expect(screen.getByLabelText('Month')).toHaveValue('03');
    expect(screen.getByLabelText('Year')).toHaveFocus();
    await user.keyboard('2025');
    expect(screen.getByTestId('value').textContent).toContain('15:00:00');
    expect(screen.getByTestId('value').textContent).toContain('Mar 04 2025');
  });

  it('keeps digits only and flags a date that does not exist', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Day'), 'a3x1');
    expect(screen.getByLabelText('Day')).toHaveValue('31');
    await user.type(screen.getByLabelText('Month'), '02');
    await user.type(screen.getByLabelText('Year'), '2024');
    expect(screen.getByRole('alert')).toHaveTextContent('This date does not exist');
    expect(screen.getByLabelText('Day')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });

  it.each(['2026-11-28', '28/11/2026', '28.11.2026'])(
    'fills all three fields from a pasted %s',
    async (text) => {
      const user = userEvent.setup();
      render(<Harness />);
      await user.click(screen.getByLabelText('Day'));
      await user.paste(text);
      expect(screen.getByLabelText('Day')).toHaveValue('28');
      expect(screen.getByLabelText('Month')).toHaveValue('11');
      expect(screen.getByLabelText('Year')).toHaveValue('2026');
      expect(screen.getByLabelText('Year')).toHaveFocus();
      expect(screen.getByTestId('value').textContent).toContain('Nov 28 2026');
    },
  );

  it('refuses a pasted text that is no date, in words, and keeps what the fields held', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Day'), '05');
    await user.click(screen.getByLabelText('Month'));
    await user.paste('next Tuesday');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That is not a date: paste it as DD/MM/YYYY or YYYY-MM-DD',
    );
    expect(screen.getByLabelText('Day')).toHaveValue('05');
    expect(screen.getByLabelText('Month')).toHaveValue('');
    await user.keyboard('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes a pasted day as typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Day'));
    await user.paste('12');
    expect(screen.getByLabelText('Day')).toHaveValue('12');
    expect(screen.getByLabelText('Month')).toHaveFocus();
  });
});
