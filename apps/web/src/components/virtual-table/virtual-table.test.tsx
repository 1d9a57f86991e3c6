import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VirtualTable, type VirtualTableColumn } from './virtual-table.js';

interface Row {
  uid: string;
  name: string;
}
const COLUMNS: VirtualTableColumn[] = [
  { key: 'name', header: 'Name', width: '60%' },
  { key: 'uid', header: 'Id' },
];
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ uid: `r-${i}`, name: `Row ${i}` }));

function table(
  list: Row[],
  props: { hasMore?: boolean; busy?: boolean; onLoadMore?: () => void; placeholder?: string } = {},
) {
  return (
    <VirtualTable
      label="Things"
      columns={COLUMNS}
      rows={list}
      rowKey={(r) => r.uid}
      rowHeight={40}
      renderRow={(r) => (
        <tr key={r.uid} data-testid="row">
          <td>{r.name}</td>
          <td>{r.uid}</td>
        </tr>
      )}
      placeholder={props.placeholder}
      hasMore={props.hasMore ?? false}
      busy={props.busy}
      loadMoreWithinPx={5000}
      onLoadMore={props.onLoadMore ?? vi.fn()}
    />
  );
}

function renderTable(
  list: Row[],
  props: { hasMore?: boolean; busy?: boolean; onLoadMore?: () => void } = {},
) {
  const onLoadMore = props.onLoadMore ?? vi.fn();
  render(table(list, { ...props, onLoadMore }));
  return { onLoadMore };
}

describe('VirtualTable', () => {
  it('keeps table semantics and renders only a window of 10,000 rows', () => {
    renderTable(rows(10_000));
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Id']);
    const rendered = screen.getAllByTestId('row');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(100);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
    // The rows below the window are stood in for by one spacer, hidden from assistive technology.
    const spacer = table.querySelector('tbody > tr[data-spacer]');
    expect(spacer).toHaveAttribute('aria-hidden', 'true');
    expect(Number.parseFloat(spacer?.querySelector('td')?.style.height ?? '')).toBe(
      (10_000 - rendered.length) * 40,
    );
  });

  it('asks for more rows near the bottom while more exist and no search runs', () => {
    expect(renderTable(rows(5), { hasMore: true }).onLoadMore).toHaveBeenCalled();
  });

  it('does not ask for more at the end of the list or while busy', () => {
    expect(renderTable(rows(5), { hasMore: false }).onLoadMore).not.toHaveBeenCalled();
    expect(renderTable(rows(5), { hasMore: true, busy: true }).onLoadMore).not.toHaveBeenCalled();
  });

  it('hands rows the same style object on every render, so memoised rows are not redrawn', () => {
    const styles: unknown[] = [];
    const view = (list: Row[]) => (
      <VirtualTable
        label="Things"
        columns={COLUMNS}
        rows={list}
        rowKey={(r) => r.uid}
        rowHeight={40}
        renderRow={(r, _i, style) => {
          styles.push(style);
          return (
            <tr key={r.uid} style={style}>
              <td>{r.name}</td>
              <td>{r.uid}</td>
            </tr>
          );
        }}
        hasMore={false}
        loadMoreWithinPx={5000}
        onLoadMore={() => undefined}
      />
    );
    const list = rows(3);
    const { rerender } = render(view(list));
    rerender(view([...list]));
    expect(styles.length).toBeGreaterThan(3);
    expect(new Set(styles).size).toBe(1);
    expect(styles[0]).toEqual({ height: 40 });
  });
});

describe('VirtualTable first rows', () => {
  /** Every value aria-busy took across `change`, ending with the one it has after it. */
  function busyValuesAcross(change: () => void): (string | null)[] {
    const element = screen.getByRole('table', { name: 'Things' });
    const observer = new MutationObserver(() => undefined);
    observer.observe(element, { attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
    change();
    const values = observer.takeRecords().map((r) => r.oldValue);
    observer.disconnect();
    return [...values, element.getAttribute('aria-busy')];
  }

  it('mounted with its rows, shows loading rows first, busy, then the rows', () => {
    const observer = new MutationObserver(() => undefined);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
      attributeOldValue: true,
    });
    render(table(rows(30)));
    const records = observer.takeRecords();
    observer.disconnect();
    const element = screen.getByRole('table', { name: 'Things' });
    const removed = records.flatMap((r) => [...r.removedNodes]).filter((n) => n instanceof Element);
    expect(
      removed.some((n) => n.querySelector('[role="status"][aria-label="Loading"]')),
      'loading rows stood in the table, then left',
    ).toBe(true);
    const busy = records.filter((r) => r.target === element && r.attributeName === 'aria-busy');
    expect([...busy.map((r) => r.oldValue), element.getAttribute('aria-busy')]).toEqual(['true', 'false']);
    expect(screen.getAllByTestId('row')[0]).toHaveTextContent('Row 0');
  });

  it('mounts the first rows in a second pass, busy until they are in, and later rows at once', () => {
    const { rerender } = render(table([], { placeholder: 'Loading…' }));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    // The placeholder stays, with the table busy, until the deferred pass has the rows.
    expect(busyValuesAcross(() => rerender(table(rows(30))))).toEqual(['false', 'true', 'false']);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getAllByTestId('row')[0]).toHaveTextContent('Row 0');
    // Once rows were shown, new rows replace them in the same render: the table is never busy.
    const next = rows(30).map((r) => ({ ...r, uid: `n-${r.uid}`, name: `New ${r.name}` }));
    expect(busyValuesAcross(() => rerender(table(next)))).toEqual(['false']);
    expect(screen.getAllByTestId('row')[0]).toHaveTextContent('New Row 0');
  });
});
