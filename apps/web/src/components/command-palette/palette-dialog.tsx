import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { formatOrderReference, orderRowActions, orderStatusLabel, rankByReference } from '@waybill/contracts';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../hooks/use-debounced-value.js';
import { useCurrentUser, useReferenceData } from '../../hooks/use-reference-data.js';
import { useSavedViews } from '../../hooks/use-saved-views.js';
import { errorMessage } from '../../lib/errors.js';
import { useReturnFocus } from '../../lib/focus-return.js';
import { useTRPC } from '../../lib/trpc.js';
import styles from './command-palette.module.css';
import { type CommandTarget, type OrderCommand, orderCommandItems } from './palette-commands.js';
import { everyStatusFilter, ORDER_QUERY_MIN, paletteItems } from './palette-items.js';

const ORDER_RESULTS = 8;
/** Looked up to rank: the exact reference may come after others that hold it in the backend's order. */
const ORDER_CANDIDATES = 50;
const GROUPS = ['Commands', 'Orders', 'Screens', 'Saved views'] as const;

/** The palette's dialog (loaded on first use). */
export function PaletteDialog({
  open,
  onOpenChange,
  orderUid = null,
  onCommand = () => {},
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order open or focused as the palette opened: its commands come first. */
  orderUid?: string | null;
  onCommand?: (uid: string, reference: string | null, command: OrderCommand) => void;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        {open ? (
          <PaletteContent
            orderUid={orderUid}
            onCommand={onCommand}
            onDone={() => onOpenChange(false)}
            onCloseAutoFocus={returnFocus}
          />
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** What the palette knows of the current order for its commands; null before it has loaded. */
function useCommandTarget(uid: string | null, userUid: string | null): CommandTarget | null {
  const trpc = useTRPC();
  const enabled = uid !== null;
  const detail = useQuery(
    trpc.orders.detail.queryOptions({ uid: uid ?? '' }, { enabled, staleTime: 10_000 }),
  );
  const following = useQuery(
    trpc.notifications.following.queryOptions({ orderUid: uid ?? '' }, { enabled, retry: false }),
  );
  const holds = useQuery(trpc.holds.list.queryOptions(undefined, { enabled, retry: false }));
  const reference = useReferenceData();
  const order = detail.data?.order;
  if (!uid || !order) return null;
  const warehouse = order.fulfillment_center_uid
    ? (reference.fulfillmentCentersByUid.get(order.fulfillment_center_uid) ?? null)
    : null;
  return {
    uid,
    reference: order.reference,
    allowed: orderRowActions(order, warehouse),
    following: following.data?.following ?? null,
    heldByMe:
      holds.data && userUid
        ? holds.data.holds.some((h) => h.orderUid === uid && h.holder.uid === userUid)
        : null,
  };
}

function PaletteContent({
  orderUid,
  onCommand,
  onDone,
  onCloseAutoFocus,
}: {
  orderUid: string | null;
  onCommand: (uid: string, reference: string | null, command: OrderCommand) => void;
  onDone: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const userUid = me.data?.user?.uid ?? null;
  const { views } = useSavedViews(userUid);
  const target = useCommandTarget(orderUid, userUid);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(query.trim(), 250);
  const searching = debounced.length >= ORDER_QUERY_MIN;
  const orders = useQuery(
    trpc.orders.search.queryOptions(
      { filter: everyStatusFilter(debounced), window: { skip: 0, limit: ORDER_CANDIDATES } },
      { enabled: searching, staleTime: 10_000 },
    ),
  );
  const found = searching ? (orders.data?.orders ?? []) : [];
  const items = useMemo(
    () => [
      ...(target ? orderCommandItems(query, target) : []),
      ...paletteItems(query, rankByReference(query, found).slice(0, ORDER_RESULTS), views, (k) =>
        orderStatusLabel(k as Parameters<typeof orderStatusLabel>[0]),
      ),
    ],
    [query, found, views, target],
  );
  const listId = useId();
  const current = Math.min(active, Math.max(0, items.length - 1));
  useEffect(() => setActive(0), [query, found.length]);

  const go = (index: number) => {
    const item = items[index];
    if (!item) return;
    onDone();
    if (item.command && target) onCommand(target.uid, target.reference, item.command);
    else if (item.href) navigate(item.href);
  };

  const status = !searching
    ? query.trim().length > 0
      ? `Type ${ORDER_QUERY_MIN} characters to look up an order reference`
      : target
        ? `Commands on order ${formatOrderReference(target.reference)}, or type an order reference, a screen or a saved view`
        : 'Type an order reference, a screen or a saved view'
    : orders.isFetching
      ? 'Looking up orders…'
      : orders.isError
        ? errorMessage(orders.error, 'Orders could not be looked up.')
        : found.length === 0
          ? 'No order has this reference'
          : `${found.length} ${found.length === 1 ? 'order' : 'orders'} found`;

  return (
    <Dialog.Content
      className={styles.content}
      aria-describedby={undefined}
      data-testid="command-palette"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <Dialog.Title className="visually-hidden">Command palette</Dialog.Title>
      <div className={styles.searchRow}>
        <Search size={16} aria-hidden className={styles.icon} />
        <input
          className={styles.input}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items[current] ? `${listId}-${current}` : undefined}
          aria-label={
            target
              ? 'Run a command, or go to an order, screen or saved view'
              : 'Go to an order, screen or saved view'
          }
          placeholder={
            target
              ? 'Command, order reference, screen or saved view…'
              : 'Order reference, screen or saved view…'
          }
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((current + 1) % Math.max(1, items.length));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((current - 1 + items.length) % Math.max(1, items.length));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              go(current);
            }
          }}
        />
      </div>
      <p className={styles.status} role="status" data-testid="palette-status">
        {status}
      </p>
      <div id={listId} role="listbox" aria-label="Results" className={styles.list}>
        {GROUPS.map((group) => {
          const members = items.map((item, index) => ({ item, index })).filter((m) => m.item.group === group);
          if (members.length === 0) return null;
          const headerId = `${listId}-${group.replace(/\s/g, '')}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group" (a fieldset is not allowed there).
            <div key={group} role="group" aria-labelledby={headerId}>
              <div id={headerId} role="presentation" className={styles.group}>
                {group}
              </div>
              {members.map(({ item, index }) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
                <div
                  key={item.id}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === current}
                  className={styles.option}
                  data-testid="palette-option"
                  onMouseMove={() => setActive(index)}
                  onClick={() => go(index)}
                >
                  <span className={styles.label}>{item.label}</span>
                  {item.hint ? <span className={styles.hint}>{item.hint}</span> : null}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </Dialog.Content>
  );
}
