import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  isPayoutOptionBlocked,
  type OrdersFilter,
  PAYOUT_OPTIONS,
  PAYOUT_PROVIDER_HELD,
  type PayoutOption,
  togglePayoutOption,
} from '@waybill/contracts';
import { Check, ChevronDown } from 'lucide-react';
import { MenuPortal } from '../../../components/index.js';
import styles from './payout-filter.module.css';

const LABELS: Record<PayoutOption, string> = {
  collected: 'Collected',
  [PAYOUT_PROVIDER_HELD]: 'At Waybill',
  at_merchant: 'At Merchant',
};

/** The COD payout filter in the table header; 'Collected' is blocked while the late filter is on. */
export function PayoutFilter({
  filter,
  onChange,
}: {
  filter: OrdersFilter;
  onChange: (next: OrdersFilter) => void;
}) {
  const selected = filter.payout.selected;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className={styles.trigger}
        aria-label="COD payout filter"
        data-active={selected.length > 0 || undefined}
      >
        COD Payout{selected.length > 0 ? ` (${selected.length})` : ''}
        <ChevronDown size={12} aria-hidden />
      </Menu.Trigger>
      <MenuPortal>
        <Menu.Content className={styles.content} align="start" sideOffset={4} aria-label="COD payout filter">
          {PAYOUT_OPTIONS.map((option) => {
            const blocked = isPayoutOptionBlocked(filter, option);
            return (
              <Menu.CheckboxItem
                key={option}
                className={styles.item}
                checked={selected.includes(option)}
                disabled={blocked}
                onSelect={(e) => e.preventDefault()}
                onCheckedChange={() => onChange(togglePayoutOption(filter, option))}
              >
                <span className={styles.check}>
                  <Menu.ItemIndicator>
                    <Check size={13} aria-hidden />
                  </Menu.ItemIndicator>
                </span>
                {LABELS[option]}
                {blocked ? <span className={styles.hint}>not with Late</span> : null}
              </Menu.CheckboxItem>
            );
          })}
        </Menu.Content>
      </MenuPortal>
    </Menu.Root>
  );
}
