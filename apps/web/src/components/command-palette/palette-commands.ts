import {
  formatOrderReference,
  type OrderRowActions,
  STATUS_ACTIONS,
  type StatusAction,
} from '@waybill/contracts';
import { matches, type PaletteItem } from './palette-items.js';

/** What a command on the current order does (run by run-order-command.ts, or palette-command-modal.tsx). */
export type OrderCommand =
  | { kind: 'follow'; follow: boolean }
  | { kind: 'status'; action: StatusAction }
  | { kind: 'reissue' }
  | { kind: 'escalate' }
  | { kind: 'take' }
  | { kind: 'release' };

/** What the palette knows about the current order; null where it does not know (not offered). */
export interface CommandTarget {
  uid: string;
  reference: string | null;
  allowed: OrderRowActions;
  following: boolean | null;
  /** Whether the user holds the order (Take / Release); null while holds are not known. */
  heldByMe: boolean | null;
}

/**
 * The commands on the order that is open or focused, as the order's own menus allow them, those
 * whose label holds the query. One line per command: a new one is one more entry here.
 */
export function orderCommandItems(query: string, target: CommandTarget): PaletteItem[] {
  const hint = `Order ${formatOrderReference(target.reference)}`;
  const commands: { label: string; command: OrderCommand; offered: boolean }[] = [
    { label: 'Take this order', command: { kind: 'take' }, offered: target.heldByMe === false },
    { label: 'Release this order', command: { kind: 'release' }, offered: target.heldByMe === true },
    {
      label: 'Follow this order',
      command: { kind: 'follow', follow: true },
      offered: target.following === false,
    },
    {
      label: 'Unfollow this order',
      command: { kind: 'follow', follow: false },
      offered: target.following === true,
    },
    ...STATUS_ACTIONS.map((s) => ({
      label: s.menuLabel,
      command: { kind: 'status', action: s.action } as const,
      offered: target.allowed[s.action],
    })),
    { label: 'Reissue AWB', command: { kind: 'reissue' }, offered: target.allowed.reissueAwb },
    { label: 'Escalate to a team', command: { kind: 'escalate' }, offered: target.allowed.addComment },
  ];
  return commands
    .filter((c) => c.offered && matches(c.label, query))
    .map((c) => ({
      id: `command-${c.command.kind}${c.command.kind === 'status' ? `-${c.command.action}` : ''}`,
      group: 'Commands',
      label: c.label,
      hint,
      command: c.command,
    }));
}
