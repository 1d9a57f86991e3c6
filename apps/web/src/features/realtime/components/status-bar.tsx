import * as Tooltip from '@radix-ui/react-tooltip';
import {
  formatSummaryCount,
  isAllStatuses,
  type OrderStatusGroupId,
  type OrdersFilter,
  type StatusesStatistics,
  toggleStatusGroup,
} from '@waybill/contracts';
import {
  Ban,
  CircleHelp,
  Clock,
  Hourglass,
  LayoutList,
  LoaderCircle,
  type LucideIcon,
  PackageCheck,
  PackageOpen,
  RotateCcw,
  ScanLine,
  TriangleAlert,
  Truck,
  Undo2,
} from 'lucide-react';
import { SkeletonBlock, TooltipBubble } from '../../../components/index.js';
import { useTooltipOpen } from '../../../hooks/use-tooltip-open.js';
import { isStatusBarVisible, statusGroupButtons } from '../lib/status-bar.js';
import styles from './status-bar.module.css';

const ICONS: Record<OrderStatusGroupId, LucideIcon> = {
  errors: TriangleAlert,
  awaiting_fulfillment_order: Clock,
  initializing: LoaderCircle,
  ready_for_picking: PackageOpen,
  in_picking: ScanLine,
  waiting_for_courier: Hourglass,
  in_transit: Truck,
  back_to_sender: Undo2,
  lost: CircleHelp,
  delivered: PackageCheck,
  returned: RotateCcw,
  canceled: Ban,
};

export interface StatusBarProps {
  filter: OrdersFilter;
  onChange: (next: OrdersFilter) => void;
  statistics: StatusesStatistics | null;
}

/**
 * Status-group icon buttons; hidden when one or fewer statuses are available. Until the first
 * statistics arrive the buttons stand inert with placeholder counts, so the list below does not
 * jump down when they come (rows are sent before statistics).
 */
export function StatusBar({ filter, onChange, statistics }: StatusBarProps) {
  const loading = statistics === null;
  if (!loading && !isStatusBarVisible(statistics, filter.statuses)) return null;
  const buttons = statusGroupButtons(statistics, filter.statuses);
  return (
    <fieldset className={styles.bar} data-testid="status-bar" aria-busy={loading || undefined}>
      <legend className="visually-hidden">Status groups</legend>
      <button
        type="button"
        className={styles.button}
        aria-pressed={isAllStatuses(filter.statuses)}
        onClick={() => onChange({ ...filter, statuses: [] })}
      >
        <LayoutList size={15} aria-hidden />
        <span className={styles.text}>All Statuses</span>
      </button>
      {buttons.map((b) => {
        const Icon = ICONS[b.id];
        if (loading)
          return (
            <button key={b.id} type="button" className={styles.button} aria-label={b.label} disabled>
              <Icon size={15} aria-hidden />
              <SkeletonBlock width={24} />
            </button>
          );
        return (
          <StatusGroupButton
            key={b.id}
            icon={Icon}
            label={b.label}
            count={b.count}
            selected={b.selected}
            onToggle={() => onChange({ ...filter, statuses: toggleStatusGroup(filter.statuses, b.id) })}
          />
        );
      })}
    </fieldset>
  );
}

interface StatusGroupButtonProps {
  icon: LucideIcon;
  label: string;
  count: number;
  selected: boolean;
  onToggle: () => void;
}

/** A status group's count and icon; its name shows in a tooltip (a long press on a touch screen). */
function StatusGroupButton({ icon: Icon, label, count, selected, onToggle }: StatusGroupButtonProps) {
  const tip = useTooltipOpen();
  return (
    <Tooltip.Root {...tip.root} delayDuration={300}>
      <Tooltip.Trigger asChild {...tip.trigger}>
        <button
          type="button"
          className={styles.button}
          aria-pressed={selected}
          // The visible count starts the name (label in name); the icon says the rest.
          aria-label={`${formatSummaryCount(count)} ${label}`}
          data-empty={count === 0 || undefined}
          onClick={onToggle}
        >
          <Icon size={15} aria-hidden />
          <span className={styles.count}>{formatSummaryCount(count)}</span>
        </button>
      </Tooltip.Trigger>
      <TooltipBubble>{label}</TooltipBubble>
    </Tooltip.Root>
  );
}
