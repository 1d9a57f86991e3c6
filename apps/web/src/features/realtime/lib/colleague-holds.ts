import type { Hold } from '@waybill/contracts';

/** Names listed in full before the rest are counted ("and 2 others"). */
const NAMED = 3;

export interface ColleagueHolds {
  /** The ticked orders a colleague holds. */
  uids: string[];
  /** "2 of these 5 orders are held by colleagues: Olivia Ops (1) and Dan Developer (1)." */
  text: string;
}

/**
 * Which of `orderUids` colleagues hold (not the user, `myUid`), in words for a bulk action's modal:
 * one order's modal says who holds it, so a run over many must not change colleagues' orders unseen.
 * Null when none is held by a colleague.
 */
export function colleagueHolds(
  orderUids: readonly string[],
  holds: Readonly<Record<string, Hold>>,
  myUid: string | null,
): ColleagueHolds | null {
  const perHolder = new Map<string, { name: string; count: number }>();
  const uids: string[] = [];
  for (const uid of orderUids) {
    const hold = holds[uid];
    if (!hold || hold.holder.uid === myUid) continue;
    uids.push(uid);
    const entry = perHolder.get(hold.holder.uid) ?? { name: hold.holder.name, count: 0 };
    entry.count += 1;
    perHolder.set(hold.holder.uid, entry);
  }
  if (uids.length === 0) return null;
  const holders = [...perHolder.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const named = holders.slice(0, NAMED).map((h) => `${h.name} (${h.count})`);
  const others = holders.length - named.length;
  if (others > 0) named.push(`${others} ${others === 1 ? 'other' : 'others'}`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  const subject =
    uids.length === orderUids.length
      ? orderUids.length === 1
        ? 'This order is'
        : `All ${orderUids.length} orders are`
      : `${uids.length} of these ${orderUids.length} orders ${uids.length === 1 ? 'is' : 'are'}`;
  return {
    uids,
    text: `${subject} held by ${holders.length === 1 ? 'a colleague' : 'colleagues'}: ${list}.`,
  };
}
