import type { OrderCommentIcon } from '@waybill/contracts';
import { CalendarClock, CalendarDays, Clock, Flame, MessageSquarePlus, Siren } from 'lucide-react';

const ICONS = {
  add: { Icon: MessageSquarePlus, label: 'Add comment' },
  escalated: { Icon: Flame, label: 'Escalated' },
  late: { Icon: Siren, label: 'Snooze is over (late)' },
  hour: { Icon: Clock, label: 'Snoozed for hours' },
  day: { Icon: CalendarDays, label: 'Snoozed for days' },
  week: { Icon: CalendarClock, label: 'Snoozed for weeks' },
} as const;

/** What the status icon says, for a name that carries it in words. */
export function commentIconLabel(icon: OrderCommentIcon): string {
  return ICONS[icon].label;
}

/** The order's comment status icon: plus, escalated, snooze by span (hour/day/week) or late. */
export function CommentStatusIcon({ icon, size = 14 }: { icon: OrderCommentIcon; size?: number }) {
  const { Icon, label } = ICONS[icon];
  return (
    <span role="img" aria-label={label} data-icon={icon} style={{ display: 'inline-flex' }}>
      <Icon size={size} aria-hidden />
    </span>
  );
}
