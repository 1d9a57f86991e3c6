import * as Menu from '@radix-ui/react-dropdown-menu';
import { capDropdown, formatSummaryCount, type MoreNoun } from '@waybill/contracts';
import { Check, ChevronDown } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { MenuPortal } from '../popup-layer/popup-layer.js';
import styles from './dropdown-filter.module.css';
import { FilterPopup } from './filter-popup.js';

export interface DropdownOption {
  value: string;
  label: string;
  count?: number;
  /** Small text under or beside the label (a country code, a department). */
  hint?: string;
  leading?: ReactNode;
}

export interface DropdownFilterProps {
  /** Accessible name of the control, e.g. 'Warehouse'. */
  label: string;
  /** Label of the "no selection" entry, e.g. 'All Warehouses'. */
  allLabel: string;
  options: readonly DropdownOption[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  /** Plural noun for the collapsed line: '+ N More Merchants' ('Options' when none is given). */
  moreNoun?: MoreNoun;
  /** Several values at once (default) or exactly one. */
  multiple?: boolean;
  /** Shows a filter box once there are more options than this (default 10). */
  searchThreshold?: number;
  max?: number;
  /** Overrides the trigger text (the assigned-user filter shows the own user's name by default). */
  triggerLabel?: string;
  testId?: string;
}

/** Filter dropdown of the filter bars: "All …" entry, options with counts, capped at 23 entries. */
export function DropdownFilter({
  label,
  allLabel,
  options,
  selected,
  onChange,
  moreNoun,
  multiple = true,
  searchThreshold = 10,
  max,
  triggerLabel,
  testId,
}: DropdownFilterProps) {
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return options;
    return options.filter((o) => o.label.toLowerCase().includes(q) || o.value.toLowerCase() === q);
  }, [options, query]);
  const { visible, more } = capDropdown(
    filtered,
    (o) => o.count ?? 0,
    moreNoun ?? 'Options',
    max,
    (o) => selected.includes(o.value),
  );
  const selectedLabels = options.filter((o) => selected.includes(o.value)).map((o) => o.label);
  const text =
    triggerLabel ??
    (selected.length === 0
      ? allLabel
      : selected.length === 1
        ? (selectedLabels[0] ?? '1 selected')
        : `${selected.length} selected`);

  const toggle = (value: string) => {
    if (!multiple) {
      onChange(selected.length === 1 && selected[0] === value ? [] : [value]);
      return;
    }
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  };

  const searchable = options.length > searchThreshold;
  return (
    <Menu.Root
      modal={false}
      onOpenChange={(open) => {
        if (!open) setQuery('');
      }}
    >
      <Menu.Trigger
        className={styles.trigger}
        aria-label={`${label}: ${text}`}
        aria-haspopup={searchable ? 'dialog' : 'menu'}
        data-active={selected.length > 0 || undefined}
        data-testid={testId}
      >
        <span className={styles.triggerText}>{text}</span>
        <ChevronDown size={14} aria-hidden />
      </Menu.Trigger>
      <MenuPortal>
        <FilterPopup label={label} search={searchable ? { query, onQuery: setQuery } : null}>
          <Menu.Item
            className={styles.item}
            data-selected={selected.length === 0 || undefined}
            onSelect={() => onChange([])}
          >
            <span className={styles.check}>
              {selected.length === 0 ? <Check size={13} aria-hidden /> : null}
            </span>
            <span className={styles.label}>{allLabel}</span>
          </Menu.Item>
          <Menu.Separator className={styles.separator} />
          {visible.map((option) =>
            multiple ? (
              <Menu.CheckboxItem
                key={option.value}
                className={styles.item}
                checked={selected.includes(option.value)}
                onCheckedChange={() => toggle(option.value)}
                onSelect={(e) => e.preventDefault()}
              >
                <OptionBody option={option} checked={selected.includes(option.value)} />
              </Menu.CheckboxItem>
            ) : (
              <Menu.Item
                key={option.value}
                className={styles.item}
                data-selected={selected.includes(option.value) || undefined}
                onSelect={() => toggle(option.value)}
              >
                <OptionBody option={option} checked={selected.includes(option.value)} />
              </Menu.Item>
            ),
          )}
          {/* Disabled items: read in the menu's own order, skipped by the arrow keys. */}
          {filtered.length === 0 ? (
            <Menu.Item className={styles.none} disabled>
              No matches
            </Menu.Item>
          ) : null}
          {more ? (
            <Menu.Item className={styles.more} disabled>
              <span>{more.label}</span>
              <span className={styles.count}>{formatSummaryCount(more.count)}</span>
            </Menu.Item>
          ) : null}
        </FilterPopup>
      </MenuPortal>
    </Menu.Root>
  );
}

function OptionBody({ option, checked }: { option: DropdownOption; checked: boolean }) {
  return (
    <>
      <span className={styles.check}>{checked ? <Check size={13} aria-hidden /> : null}</span>
      {option.leading}
      <span className={styles.label}>
        {option.label}
        {option.hint ? <span className={styles.hint}>{option.hint}</span> : null}
      </span>
      {option.count !== undefined ? (
        <span className={styles.count}>{formatSummaryCount(option.count)}</span>
      ) : null}
    </>
  );
}
