import * as Menu from '@radix-ui/react-dropdown-menu';
import { formatSummaryCount } from '@waybill/contracts';
import { Check, ChevronDown } from 'lucide-react';
import styles from '../dropdown-filter/dropdown-filter.module.css';
import { MenuPortal } from '../popup-layer/popup-layer.js';

export interface SelectMenuOption<V extends string> {
  value: V;
  label: string;
  count?: number;
}

export interface SelectMenuProps<V extends string> {
  label: string;
  value: V;
  options: readonly SelectMenuOption<V>[];
  onChange: (value: V) => void;
  testId?: string;
}

/** A single-choice menu in the filter bar style (e.g. All / Active / Snoozed Orders). */
export function SelectMenu<V extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: SelectMenuProps<V>) {
  const current = options.find((o) => o.value === value);
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className={styles.trigger}
        aria-label={`${label}: ${current?.label ?? value}`}
        data-testid={testId}
      >
        <span className={styles.triggerText}>{current?.label ?? value}</span>
        <ChevronDown size={14} aria-hidden />
      </Menu.Trigger>
      <MenuPortal>
        <Menu.Content className={styles.content} align="start" sideOffset={4} aria-label={label}>
          <Menu.RadioGroup value={value} onValueChange={(v) => onChange(v as V)}>
            {options.map((option) => (
              <Menu.RadioItem key={option.value} value={option.value} className={styles.item}>
                <span className={styles.check}>
                  <Menu.ItemIndicator>
                    <Check size={13} aria-hidden />
                  </Menu.ItemIndicator>
                </span>
                <span className={styles.label}>{option.label}</span>
                {option.count !== undefined ? (
                  <span className={styles.count}>{formatSummaryCount(option.count)}</span>
                ) : null}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </MenuPortal>
    </Menu.Root>
  );
}
