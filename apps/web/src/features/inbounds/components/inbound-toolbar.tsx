import {
  formatCount,
  type InboundsFilter,
  inboundCountLine,
  inboundSummaryCards,
  isInboundSummaryCompact,
  TRANSPORT_KINDS,
  toggleValues,
  transportNoun,
  transportToggles,
} from '@waybill/contracts';
import { Hourglass, Search } from 'lucide-react';
import { SkeletonBlock, SummaryCards } from '../../../components/index.js';
import { colourVar } from '../../../lib/priority-colour.js';
import type { InboundsMeta } from '../api/use-inbounds-list.js';
import { shownPriorities, toggleBucket as toggledPriorities } from '../lib/buckets.js';
import styles from './inbound-toolbar.module.css';

export interface InboundToolbarProps {
  filter: InboundsFilter;
  stats: InboundsMeta | null;
  /** Priorities that are forced on because errors, alerts and on schedule are all empty. */
  forced: boolean;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (change: Partial<InboundsFilter>) => void;
}

/** Priority bar, summary cards, count line, search box, transport toggles and the Late toggle. */
export function InboundToolbar({
  filter,
  stats,
  forced,
  searchText,
  onSearchText,
  onChange,
}: InboundToolbarProps) {
  const display = stats?.display_statistics ?? {};
  const selected = filter.displayPriorities;
  // Cards follow the forced flag the request used, and the empty selection (no priority filter)
  // shows them all on, so their state matches the list below.
  const cards = inboundSummaryCards(display, shownPriorities(selected), forced);
  const toggleBucket = (priorities: readonly number[]) =>
    onChange({ displayPriorities: toggledPriorities(selected, priorities) });
  const toggles = stats ? transportToggles(stats.number_of_items_statistics, filter.numberOfItems) : [];
  const lateCount = stats?.number_of_lates_statistics.number_of_inventory_receipts_late ?? 0;

  return (
    <div className={styles.toolbar}>
      <fieldset
        className={styles.priorityBar}
        aria-label="Priority buckets"
        aria-busy={stats === null || undefined}
      >
        {cards.map((card) => (
          <button
            key={card.id}
            type="button"
            className={styles.bucket}
            aria-pressed={card.enabled}
            data-testid={`bucket-${card.id}`}
            style={{ ['--bucket-colour' as string]: colourVar(card.colour) }}
            onClick={() => toggleBucket(card.priorities)}
          >
            <span className={styles.bucketDot} aria-hidden />
            {card.barLabel}
            {/* Until the counts come a placeholder stands for each: a loading list never reads "0 errors". */}
            {!card.barCountVisible ? null : stats === null ? (
              <SkeletonBlock width={16} className={styles.countSkeleton} />
            ) : (
              <span className={styles.bucketCount}>{formatCount(card.count)}</span>
            )}
          </button>
        ))}
      </fieldset>

      <div className={styles.summary}>
        <SummaryCards
          label="Inbound summary"
          loading={stats === null}
          compact={isInboundSummaryCompact(display)}
          cards={cards.map((card) => ({
            id: card.id,
            label: card.label,
            count: card.count,
            colour: card.colour,
            showCount: card.countVisible,
            active: card.enabled,
            // Before the first answer all stand, inert: the list below does not move when counts come.
            hidden: stats !== null && !card.visible,
          }))}
          onToggle={(id) => {
            const card = cards.find((c) => c.id === id);
            if (card) toggleBucket(card.priorities);
          }}
        />
      </div>

      <div className={styles.row}>
        <span className={styles.countLine} data-testid="inbound-count">
          {inboundCountLine(stats?.document_count ?? 0)}
        </span>
        <label className={styles.search}>
          <Search size={14} aria-hidden />
          <input
            type="search"
            name="q"
            placeholder="Search"
            aria-label="Search inbounds"
            value={searchText}
            maxLength={200}
            onChange={(e) => onSearchText(e.target.value)}
          />
        </label>
        <fieldset
          className={styles.toggles}
          aria-label="Transport type"
          aria-busy={stats === null || undefined}
        >
          {/* Before the first answer each kind stands, inert, with a placeholder count: the row keeps
              its size when the counts come. */}
          {stats === null
            ? TRANSPORT_KINDS.map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className={styles.toggle}
                  aria-pressed={filter.numberOfItems.includes(kind)}
                  disabled
                >
                  <SkeletonBlock width={16} className={styles.countSkeleton} />
                  {transportNoun(kind, 2)}
                </button>
              ))
            : null}
          {toggles.map(({ kind, label }) => (
            <button
              key={kind}
              type="button"
              className={styles.toggle}
              aria-pressed={filter.numberOfItems.includes(kind)}
              onClick={() => onChange({ numberOfItems: toggleValues(filter.numberOfItems, [kind]) })}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            className={styles.toggle}
            data-late
            aria-pressed={filter.isLate}
            title={`${formatCount(lateCount)} late`}
            onClick={() => onChange({ isLate: !filter.isLate })}
          >
            <Hourglass size={13} aria-hidden />
            Late
          </button>
        </fieldset>
      </div>
    </div>
  );
}
